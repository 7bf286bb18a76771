import { sql } from 'drizzle-orm';
import type { Db } from './types.ts';

/** PostgreSQL 18's `server_version_num`: the first whose RETURNING names a row's values before the change (`old.`). */
const RETURNING_OLD_VERSION = 180_000;

const versions = new WeakMap<object, Promise<number>>();
/** The answers once they have come, so a caller need not wait for a promise after the first time. */
const answered = new WeakMap<object, boolean>();

/** The database's `server_version_num` (180006 for 18.6), asked once per database session object. */
function serverVersion(db: Db): Promise<number> {
  const key = db._.session;
  let version = versions.get(key);
  if (!version) {
    version = db
      .execute<{ version: number }>(sql`select current_setting('server_version_num')::int as version`)
      .then((result) => result.rows[0]?.version ?? 0);
    // A failed read (the database down) is asked again next time.
    version.catch(() => versions.delete(key));
    versions.set(key, version);
  }
  return version;
}

/**
 * Whether the database's RETURNING can name a row's values before an update (`returning old.level`): PostgreSQL 18
 * and later, which the embedded PGlite 0.5 is; PostgreSQL 15, which CI also runs, is not. Answered at once after the
 * first time: a word save should not wait on a promise for what never changes.
 */
export function returnsOldValues(db: Db): boolean | Promise<boolean> {
  const key = db._.session;
  return (
    answered.get(key) ??
    serverVersion(db).then((version) => {
      const returnsOld = version >= RETURNING_OLD_VERSION;
      answered.set(key, returnsOld);
      return returnsOld;
    })
  );
}
