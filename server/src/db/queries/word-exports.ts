import { and, eq, gt, lte } from 'drizzle-orm';
import type { WordExportJob } from '#contract/endpoints/vocabulary.ts';
import type { WordLevel } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { type WordExportStatus, wordExports } from '../schema/exports.ts';
import type { Db } from '../types.ts';

type NewWordExport = {
  userId: number;
  format: string;
  language: LearningLanguage | 'all';
  levels: readonly WordLevel[] | undefined;
  fileName: string;
};

const jobColumns = {
  id: wordExports.id,
  status: wordExports.status,
  fileName: wordExports.fileName,
  expiresAt: wordExports.expiresAt,
};

const toWire = (row: { id: string; status: WordExportStatus; fileName: string; expiresAt: Date }): WordExportJob => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
});

export async function addWordExport(db: Db, values: NewWordExport, now: Date, expiresAt: Date): Promise<WordExportJob> {
  const [row] = await db
    .insert(wordExports)
    .values({
      ...values,
      levels: values.levels ? [...values.levels] : null,
      status: 'pending',
      createdAt: now,
      expiresAt,
    })
    .returning(jobColumns);
  if (!row) throw new Error('The export was not stored');
  return toWire(row);
}

/** The learner's own export, unexpired; undefined for another learner's, an expired one or none. */
const ownLive = (userId: number, id: string, now: Date) =>
  and(eq(wordExports.id, id), eq(wordExports.userId, userId), gt(wordExports.expiresAt, now));

export async function findWordExport(db: Db, userId: number, id: string, now: Date) {
  const [row] = await db
    .select(jobColumns)
    .from(wordExports)
    .where(ownLive(userId, id, now));
  return row ? toWire(row) : undefined;
}

export async function wordExportFile(db: Db, userId: number, id: string, now: Date) {
  const [row] = await db
    .select({ fileName: wordExports.fileName, file: wordExports.file })
    .from(wordExports)
    .where(and(ownLive(userId, id, now), eq(wordExports.status, 'ready')));
  return row?.file ? { fileName: row.fileName, file: row.file } : undefined;
}

/** What the job reads: who asked, for what, and whether it is still to be made. */
export async function wordExportRequest(db: Db, id: string) {
  const [row] = await db
    .select({
      userId: wordExports.userId,
      format: wordExports.format,
      language: wordExports.language,
      levels: wordExports.levels,
      status: wordExports.status,
      expiresAt: wordExports.expiresAt,
    })
    .from(wordExports)
    .where(eq(wordExports.id, id));
  return row;
}

export async function storeWordExportFile(db: Db, id: string, file: Uint8Array): Promise<void> {
  await db
    .update(wordExports)
    .set({ status: 'ready', file: Buffer.from(file.buffer, file.byteOffset, file.byteLength) })
    .where(and(eq(wordExports.id, id), eq(wordExports.status, 'pending')));
}

export async function failWordExport(db: Db, id: string): Promise<void> {
  await db.update(wordExports).set({ status: 'failed' }).where(eq(wordExports.id, id));
}

/** Deletes the exports past their expiry (the housekeeping's); how many went. */
export async function deleteExpiredWordExports(db: Db, now: Date): Promise<number> {
  const result = await db.delete(wordExports).where(lte(wordExports.expiresAt, now));
  return result.rowCount ?? 0;
}
