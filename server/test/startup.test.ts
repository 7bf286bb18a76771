import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { openWithRetry } from '../src/db/startup.ts';

const unreachable = 'postgres://postgres@127.0.0.1:1/folio';

it('retries an unreachable database with growing waits, then gives up with its error', async () => {
  const waits: number[] = [];
  const warnings: object[] = [];
  const opening = openWithRetry(
    async () => {
      const database = await openDatabase({ databaseUrl: unreachable, poolSize: 1 });
      try {
        await database.pool.query('select 1');
        return database;
      } finally {
        await database.close();
      }
    },
    {
      timeoutMs: 2_000,
      log: { warn: (details) => warnings.push(details) },
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  );
  await expect(opening).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  expect(waits.slice(0, 3)).toEqual([250, 500, 1_000]);
  expect(warnings[0]).toMatchObject({ attempt: 1, error: { code: 'ECONNREFUSED' } });
});

it('exits non-zero with JSON log lines, no stack, when the database stays unreachable at start', async () => {
  const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
  const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [server],
      {
        env: {
          ...process.env,
          DATABASE_URL: unreachable,
          DATABASE_START_TIMEOUT_MS: '600',
          PORT: '0',
          LOG_LEVEL: 'silent',
        },
        timeout: 30_000,
      },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  const parsed = lines.map((line) => JSON.parse(line) as { msg: string });
  expect(parsed.at(-1)?.msg).toBe('database unreachable, giving up');
  expect(parsed.some((line) => line.msg === 'database unreachable, retrying')).toBe(true);
  expect(result.stderr).not.toMatch(/\n\s+at /);
});
