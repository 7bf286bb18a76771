import { and, eq, gt, lte } from 'drizzle-orm';
import type { WordExportJob } from '#contract/endpoints/vocabulary.ts';
import type { WordLevel } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { type WordExportStatus, wordExportParts, wordExports } from '../schema/exports.ts';
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

/** The bytes of a part of a made file: small enough that writing or reading one holds the embedded database briefly. */
export const wordExportPartBytes = 128 * 1024;

/** A ready export's name and its bytes, read a part at a time as they are sent; undefined when there is none to send. */
export async function wordExportFile(db: Db, userId: number, id: string, now: Date) {
  const [row] = await db
    .select({ fileName: wordExports.fileName })
    .from(wordExports)
    .where(and(ownLive(userId, id, now), eq(wordExports.status, 'ready')));
  if (!row) return undefined;
  async function* parts(): AsyncGenerator<Uint8Array> {
    for (let part = 0; ; part++) {
      const [found] = await db
        .select({ bytes: wordExportParts.bytes })
        .from(wordExportParts)
        .where(and(eq(wordExportParts.exportId, id), eq(wordExportParts.part, part)));
      if (!found) return;
      yield found.bytes;
    }
  }
  return { fileName: row.fileName, parts: parts() };
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

/**
 * Stores a made file, a part per statement, and marks its export ready, in one transaction: a retried job replaces
 * what an earlier attempt left, and no one downloads a file half stored.
 */
export async function storeWordExportFile(db: Db, id: string, file: Uint8Array): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(wordExportParts).where(eq(wordExportParts.exportId, id));
    for (let part = 0; part * wordExportPartBytes < file.length; part++) {
      const bytes = file.subarray(part * wordExportPartBytes, (part + 1) * wordExportPartBytes);
      await tx
        .insert(wordExportParts)
        .values({ exportId: id, part, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    }
    await tx
      .update(wordExports)
      .set({ status: 'ready' })
      .where(and(eq(wordExports.id, id), eq(wordExports.status, 'pending')));
  });
}

export async function failWordExport(db: Db, id: string): Promise<void> {
  await db.update(wordExports).set({ status: 'failed' }).where(eq(wordExports.id, id));
}

/** A failed export to be made again (its job retried by an admin): pending, as when it was asked for. */
export async function reopenWordExport(db: Db, id: string): Promise<void> {
  await db
    .update(wordExports)
    .set({ status: 'pending' })
    .where(and(eq(wordExports.id, id), eq(wordExports.status, 'failed')));
}

/** Deletes the exports past their expiry (the housekeeping's); how many went. */
export async function deleteExpiredWordExports(db: Db, now: Date): Promise<number> {
  const result = await db.delete(wordExports).where(lte(wordExports.expiresAt, now));
  return result.rowCount ?? 0;
}
