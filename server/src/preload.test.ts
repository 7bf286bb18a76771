import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const preload = path.resolve(import.meta.dirname, 'preload.js');
let folder: string;
let script: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'folio-preload-'));
  script = path.join(folder, 'report.mjs');
  await writeFile(
    script,
    'console.log(JSON.stringify({ tunables: process.env.GLIBC_TUNABLES ?? null, argv: process.argv.slice(2), execArgv: process.execArgv }));',
  );
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Runs a script under the server's preload, with GLIBC_TUNABLES as given, and returns what the script saw. */
async function underPreload(tunables?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
  delete env.GLIBC_TUNABLES;
  if (tunables !== undefined) env.GLIBC_TUNABLES = tunables;
  const { stdout } = await run(process.execPath, ['--v8-pool-size=1', '--import', preload, script, 'one', 'two'], {
    env,
  });
  return JSON.parse(stdout) as { tunables: string | null; argv: string[]; execArgv: string[] };
}

describe.runIf(process.platform === 'linux')('the server preload on Linux', () => {
  it('restarts the process with the malloc threshold set, keeping its flags and arguments', async () => {
    const seen = await underPreload();
    expect(seen.tunables).toBe('glibc.malloc.mmap_threshold=32768');
    expect(seen.argv).toEqual(['one', 'two']);
    expect(seen.execArgv).toEqual(['--v8-pool-size=1', '--import', preload]);
  });

  it('adds the threshold to tunables set by the operator', async () => {
    const seen = await underPreload('glibc.malloc.arena_max=2');
    expect(seen.tunables).toBe('glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=32768');
  });

  it("keeps an operator's own threshold", async () => {
    const seen = await underPreload('glibc.malloc.mmap_threshold=131072');
    expect(seen.tunables).toBe('glibc.malloc.mmap_threshold=131072');
  });
});
