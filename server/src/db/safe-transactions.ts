import { type SQL, sql, type TablesRelationalConfig } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * drizzle-orm 0.45's node-postgres `transaction` sends `begin` before its try/finally, so a `begin` that fails (the
 * connection cut, or no answer within the query timeout) never gives its client back: a few such failures and the
 * pool is empty, every later request waits for a client and fails. It also gives back, as healthy, a client whose
 * `rollback` failed. This replaces it with the same steps inside one try/finally: the client always goes back,
 * and one whose rollback failed is discarded (released with the error), so the next request gets a fresh one.
 * Tested in server/test/database-faults.test.ts; remove once drizzle releases on every path.
 */
type SessionInternals = {
  client: pg.Pool | pg.PoolClient;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

NodePgSession.prototype.transaction = async function safeTransaction<T>(
  this: NodePgSession<Record<string, unknown>, TablesRelationalConfig>,
  transaction: (tx: NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  const self = this as unknown as SessionInternals;
  const pooled = self.client instanceof pg.Pool ? await self.client.connect() : undefined;
  const session = pooled ? new NodePgSession(pooled, self.dialect, self.schema, self.options) : this;
  const tx = new NodePgTransaction(self.dialect, session, self.schema);
  const configSql = (tx as unknown as { getTransactionConfigSQL: (c: PgTransactionConfig) => SQL })
    .getTransactionConfigSQL;
  let broken: Error | undefined;
  try {
    await tx.execute(sql`begin${config ? sql` ${configSql.call(tx, config)}` : undefined}`);
    const result = await transaction(tx);
    await tx.execute(sql`commit`);
    return result;
  } catch (error) {
    try {
      await tx.execute(sql`rollback`);
    } catch (rollbackError) {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    }
    throw error;
  } finally {
    pooled?.release(broken);
  }
} as typeof NodePgSession.prototype.transaction;
