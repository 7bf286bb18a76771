import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';

/** The app's database handle: drizzle over node-postgres, for PostgreSQL and the embedded PGlite alike. */
export type Db = PgDatabase<NodePgQueryResultHKT>;
