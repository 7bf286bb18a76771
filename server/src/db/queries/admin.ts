import { asc, eq, sql } from 'drizzle-orm';
import { anyOf } from '../prepared-statements.ts';
import { users } from '../schema/accounts.ts';
import { adminActions } from '../schema/admin.ts';
import { userVideos } from '../schema/videos.ts';
import type { Db } from '../types.ts';

/** The learners of some rows of `table` (text imports or word exports), by the row's id: its `user_id`'s username. */
async function ownersIn<Id extends number | string>(
  db: Db,
  table: 'text_imports' | 'word_exports',
  ids: readonly Id[],
  type: 'int' | 'uuid',
): Promise<Map<Id, string>> {
  const owners = new Map<Id, string>();
  if (ids.length === 0) return owners;
  const result = await db.execute<{ id: Id; username: string }>(sql`
    select t.id, u.username from ${sql.raw(table)} t join users u on u.id = t.user_id
    where ${anyOf(sql.raw('t.id'), ids as readonly string[] | readonly number[], type)}`);
  for (const row of result.rows) owners.set(row.id, row.username);
  return owners;
}

/** Usernames of the learners jobs work for: an import's learner, a transcript's first learner, an export's learner. */
export async function jobOwners(
  db: Db,
  ids: { importIds: number[]; transcriptIds: number[]; exportIds: string[] },
): Promise<{ imports: Map<number, string>; transcripts: Map<number, string>; exports: Map<string, string> }> {
  const transcripts = new Map<number, string>();
  if (ids.transcriptIds.length) {
    const rows = await db
      .select({ id: userVideos.transcriptId, username: users.username })
      .from(userVideos)
      .innerJoin(users, eq(users.id, userVideos.userId))
      .where(anyOf(userVideos.transcriptId, ids.transcriptIds, 'int'))
      .orderBy(asc(userVideos.createdAt), asc(userVideos.id));
    for (const row of rows) if (!transcripts.has(row.id)) transcripts.set(row.id, row.username);
  }
  return {
    imports: await ownersIn(db, 'text_imports', ids.importIds, 'int'),
    transcripts,
    exports: await ownersIn(db, 'word_exports', ids.exportIds, 'uuid'),
  };
}

export async function recordAdminAction(
  db: Db,
  entry: { adminId: number; action: string; target: Record<string, string | number>; now: Date },
): Promise<void> {
  await db
    .insert(adminActions)
    .values({ adminId: entry.adminId, action: entry.action, target: entry.target, createdAt: entry.now });
}
