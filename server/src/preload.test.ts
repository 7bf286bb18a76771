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

/**
 * Runs a script under the server's preload, with GLIBC_TUNABLES and Node flags as given, and returns what the
 * script saw.
 */
async function underPreload(tunables?: string, flags: string[] = []) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
  delete env.GLIBC_TUNABLES;
  delete env.NODE_OPTIONS;
  if (tunables !== undefined) env.GLIBC_TUNABLES = tunables;
  const { stdout } = await run(
    process.execPath,
    [...flags, '--v8-pool-size=1', '--import', preload, script, 'one', 'two'],
    { env },
  );
  return JSON.parse(stdout) as { tunables: string | null; argv: string[]; execArgv: string[] };
}

const heapFlags = ['--max-semi-space-size=8', '--heap-growing-percent=100'];

describe.runIf(process.platform === 'linux')('the server preload on Linux', () => {
  it('restarts the process with the malloc threshold and the heap limits set, keeping its flags and arguments', async () => {
    const seen = await underPreload();
    expect(seen.tunables).toBe('glibc.malloc.mmap_threshold=32768');
    expect(seen.argv).toEqual(['one', 'two']);
    expect(seen.execArgv).toEqual([...heapFlags, '--v8-pool-size=1', '--import', preload]);
  });

  it("keeps an operator's own heap limits and adds only the missing one", async () => {
    const seen = await underPreload(undefined, ['--max_semi_space_size=32']);
    expect(seen.execArgv).toEqual([
      '--heap-growing-percent=100',
      '--max_semi_space_size=32',
      '--v8-pool-size=1',
      '--import',
      preload,
    ]);
  });

  it('restarts only for the heap limits when the operator set the malloc threshold', async () => {
    const seen = await underPreload('glibc.malloc.mmap_threshold=131072');
    expect(seen.tunables).toBe('glibc.malloc.mmap_threshold=131072');
    expect(seen.execArgv).toEqual([...heapFlags, '--v8-pool-size=1', '--import', preload]);
  });

  it('restarts nothing when the operator set all three', async () => {
    const seen = await underPreload('glibc.malloc.mmap_threshold=131072', [
      '--max-semi-space-size=16',
      '--heap-growing-percent=200',
    ]);
    expect(seen.execArgv).toEqual([
      '--max-semi-space-size=16',
      '--heap-growing-percent=200',
      '--v8-pool-size=1',
      '--import',
      preload,
    ]);
  });

  it('adds the threshold to tunables set by the operator', async () => {
    const seen = await underPreload('glibc.malloc.arena_max=2');
    expect(seen.tunables).toBe('glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=32768');
  });
});
