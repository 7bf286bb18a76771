import { asc, eq } from 'drizzle-orm';
import { anyOf } from '../prepared-statements.ts';
import { users } from '../schema/accounts.ts';
import { adminActions } from '../schema/admin.ts';
import { textImports } from '../schema/content.ts';
import { userVideos } from '../schema/videos.ts';
import type { Db } from '../types.ts';

/** Usernames of the learners jobs work for: an import's learner, a transcript's first learner. */
export async function jobOwners(
  db: Db,
  ids: { importIds: number[]; transcriptIds: number[] },
): Promise<{ imports: Map<number, string>; transcripts: Map<number, string> }> {
  const imports = new Map<number, string>();
  const transcripts = new Map<number, string>();
  if (ids.importIds.length) {
    const rows = await db
      .select({ id: textImports.id, username: users.username })
      .from(textImports)
      .innerJoin(users, eq(users.id, textImports.userId))
      .where(anyOf(textImports.id, ids.importIds, 'int'));
    for (const row of rows) imports.set(row.id, row.username);
  }
  if (ids.transcriptIds.length) {
    const rows = await db
      .select({ id: userVideos.transcriptId, username: users.username })
      .from(userVideos)
      .innerJoin(users, eq(users.id, userVideos.userId))
      .where(anyOf(userVideos.transcriptId, ids.transcriptIds, 'int'))
      .orderBy(asc(userVideos.createdAt), asc(userVideos.id));
    for (const row of rows) if (!transcripts.has(row.id)) transcripts.set(row.id, row.username);
  }
  return { imports, transcripts };
}

export async function recordAdminAction(
  db: Db,
  entry: { adminId: number; action: string; target: Record<string, string | number>; now: Date },
): Promise<void> {
  await db
    .insert(adminActions)
    .values({ adminId: entry.adminId, action: entry.action, target: entry.target, createdAt: entry.now });
}
