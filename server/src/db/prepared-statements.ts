import { randomBytes } from 'node:crypto';
import { type Placeholder, type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './types.ts';

/** How many statements one database session prepares; texts past them run unprepared. */
export const STATEMENTS_PER_SESSION = 500;

/**
 * Statements with more parameters than this run unprepared: multi-row inserts (an import's glosses, a dictionary's
 * entries), whose texts change with their row counts, are planned in a moment beside their work, and would keep
 * large parse trees in the session.
 */
export const MAX_PREPARED_PARAMETERS = 64;

/**
 * Where prepared statements live: each connection is its own session (PostgreSQL), or every connection of the pool
 * is one session (the embedded PGlite, one backend behind its socket).
 */
export type StatementSessions = 'per-connection' | 'one-session';

/** This process's mark in every statement name: processes sharing one session (the embedded database) never collide. */
const processMark = randomBytes(4).toString('hex');
let registries = 0;

type PgConnection = {
  parsedStatements: Record<string, string>;
};

/** A statement of a session: parsed there, or being parsed by one connection (the others run the text unprepared). */
type Statement = { name: string; parsedBy: 'session' | pg.Client };

/** The statements of one session, by text. Names are never used twice, so a statement lost halfway never collides. */
class SessionStatements {
  readonly #prefix = `folio_${processMark}_${++registries}_`;
  readonly #byText = new Map<string, Statement>();
  #named = 0;

  /**
   * The name to run `text` as on `client`'s connection, or undefined to run it unprepared; `settled` is called when
   * that query has finished, so the statement counts as parsed (or is forgotten, its parse having failed).
   */
  claim(client: pg.Client, text: string): { name: string; settled: () => void } | undefined {
    const connection = (client as unknown as { connection: PgConnection }).connection;
    const known = this.#byText.get(text);
    if (known?.parsedBy === 'session') {
      // Parsed in this session by another connection: pg must only bind it.
      connection.parsedStatements[known.name] ??= text;
      return { name: known.name, settled: () => {} };
    }
    if (known && known.parsedBy !== client) return undefined;
    if (!known && this.#byText.size >= STATEMENTS_PER_SESSION) return undefined;
    const statement = known ?? { name: `${this.#prefix}${++this.#named}`, parsedBy: client };
    this.#byText.set(text, statement);
    return {
      name: statement.name,
      settled: () => {
        if (statement.parsedBy === 'session') return;
        if (connection.parsedStatements[statement.name] !== undefined) statement.parsedBy = 'session';
        else if (this.#byText.get(text) === statement) this.#byText.delete(text);
      },
    };
  }
}

type QueryConfig = { text: string; name?: string | undefined; values?: unknown[] | undefined };

/** A query as a config (pg takes a text or a config), or undefined for anything else (a stream). */
function asConfig(query: unknown): QueryConfig | undefined {
  if (typeof query === 'string') return { text: query };
  if (typeof query !== 'object' || query === null) return undefined;
  const config = query as QueryConfig & { submit?: unknown };
  return typeof config.text === 'string' && typeof config.submit !== 'function' ? config : undefined;
}

function isPreparable(config: QueryConfig, values: unknown): boolean {
  const count = Array.isArray(values) ? values.length : (config.values?.length ?? 0);
  return count > 0 && count <= MAX_PREPARED_PARAMETERS;
}

/**
 * A pg client class that prepares each parameterized statement once per session, as postgres.js and pgx do:
 * PostgreSQL parses and plans a text on its first use only, then binds and runs it. Planning is most of the
 * database's work for the app's short statements (docs/decisions/0002 has the figures).
 *
 * On PostgreSQL each connection prepares its own. The embedded database is one session behind all its connections:
 * a statement one connection parsed is bound by the others (while it is being parsed, they run the text unprepared),
 * so the session holds each text once, whatever the pool's size, and a closed connection leaves nothing behind.
 *
 * The app's texts are fixed by its code (a list is one array parameter, see `anyOf`; multi-row inserts are not
 * prepared), about 150 in all. Past STATEMENTS_PER_SESSION, new texts run unprepared, as before: nothing is ever
 * deallocated, so no statement is sent behind pg's back while a query runs.
 */
export function preparingClient(sessions: StatementSessions): typeof pg.Client {
  const shared = sessions === 'one-session' ? new SessionStatements() : undefined;
  return class PreparingClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const statements = shared ?? new SessionStatements();
      const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
      // pg's overloads all take the query first and a callback, if any, last.
      this.query = ((...args: unknown[]) => {
        const config = asConfig(args[0]);
        if (!config) return query.apply(this, args);
        // The session names its statements: a name given with the query (drizzle's `.prepare(name)`) is replaced.
        const claimed = isPreparable(config, args[1]) ? statements.claim(this, config.text) : undefined;
        args[0] = { ...config, name: claimed?.name };
        if (!claimed) return query.apply(this, args);
        const callback = args.at(-1);
        if (typeof callback === 'function') {
          args[args.length - 1] = (...answer: unknown[]) => {
            claimed.settled();
            return callback(...answer);
          };
          return query.apply(this, args);
        }
        const answer = query.apply(this, args) as Promise<unknown>;
        answer.then(claimed.settled, claimed.settled);
        return answer;
      }) as pg.Client['query'];
    }
  };
}

/**
 * `column = any($1::type[])`: one parameter, so one statement text, for any number of values (drizzle's `inArray`
 * writes `in ($1, $2, …)`, a new text for each count).
 */
export function anyOf(
  column: SQLWrapper,
  values: readonly string[] | readonly number[] | Placeholder,
  type: 'text' | 'int' | 'uuid',
): SQL {
  const list = Array.isArray(values) ? sql.param([...values]) : values;
  return sql`${column} = any(${list}::${sql.raw(type)}[])`;
}

const placeholders = new Proxy({}, { get: (_, name) => sql.placeholder(String(name)) });

/**
 * A raw statement written once with placeholders (`p.userId`): drizzle builds its text and parameter list on first
 * use, and each run binds values only. Building walks every chunk of a statement at every call: with the session
 * lookup's, a fifth of the server's time under the save load. Runs on a database or in a transaction.
 */
export function statement<Names extends string, Row>(build: (p: Record<Names, Placeholder>) => SQL) {
  let query: Query | undefined;
  return async (db: Db, values: Record<Names, unknown>): Promise<Row[]> => {
    query ??= new PgDialect().sqlToQuery(build(placeholders as Record<Names, Placeholder>));
    const result = await db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

const preparedBySession = new WeakMap<object, Map<unknown, unknown>>();

/**
 * What `prepare` makes for this database, made once per session and kept: a drizzle query built with placeholders
 * and `.prepare(name)`d, whose SQL drizzle then builds once rather than at every run (a select of two tables' rows,
 * the session lookup of every request, was a seventh of the server's time under load).
 */
export function preparedOnce<T>(db: Db, prepare: (db: Db) => T): T {
  let prepared = preparedBySession.get(db._.session);
  if (!prepared) {
    prepared = new Map();
    preparedBySession.set(db._.session, prepared);
  }
  if (!prepared.has(prepare)) prepared.set(prepare, prepare(db));
  return prepared.get(prepare) as T;
}
