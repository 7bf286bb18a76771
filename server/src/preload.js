/**
 * Preloaded by `npm start` and `npm run start:server` (`node --import ./server/src/preload.js`), before the server's
 * modules load. Plain JavaScript, as it runs before anything can strip types. Three settings that keep the server's
 * memory down (docs/decisions/0007-memory-settings.md and 0022-memory-under-load.md have the figures):
 *
 * - glibc's malloc (Linux): an allocation of 32 KB or more gets pages of its own, given back to the system when it is
 *   freed. By default glibc raises that threshold as the process frees large blocks (PGlite's WebAssembly compile
 *   frees some), so V8's compile zones of 32 KB (TurboFan tiering up PGlite's functions) land in the heap and stay
 *   there as free memory glibc never returns. The setting is read by glibc only when a process starts, from
 *   `GLIBC_TUNABLES`: the process replaces itself once (`process.execve`, same PID, same arguments) with the variable
 *   set. A `GLIBC_TUNABLES` that already sets `mmap_threshold` is kept as it is; macOS and musl ignore it.
 * - V8's heap under load: Node sizes the young generation for throughput on a machine with memory to spare, and
 *   lets the old generation grow to four times what is live before a full collection, so a busy server holds
 *   hundreds of megabytes of garbage. The same replacement of the process adds `--max-semi-space-size` and
 *   `--heap-growing-percent` (V8 reads them only at start; `NODE_OPTIONS` refuses the second). An operator's own
 *   value of either is kept. Windows, without `execve`, keeps V8's defaults.
 * - Node's compile cache: Node keeps the code it compiled, and the TypeScript it stripped, in a cache on disk
 *   (`node_modules/.cache/node-compile`, or `NODE_COMPILE_CACHE` when set; `NODE_DISABLE_COMPILE_CACHE=1` turns it
 *   off). From the second start on, the server starts faster and never loads Node's TypeScript stripper, a
 *   WebAssembly module that would otherwise stay in memory for the life of the process. A cache that cannot be
 *   written is skipped.
 */
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const mallocTunable = 'glibc.malloc.mmap_threshold=32768';
const youngGenerationFlags = ['--max-semi-space-size=8', '--heap-growing-percent=100'];

const tunables = process.env.GLIBC_TUNABLES;
const nodeFlags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
const needsThreshold = process.platform === 'linux' && !tunables?.includes('glibc.malloc.mmap_threshold=');
const missingHeapFlags = youngGenerationFlags.filter((flag) => {
  const name = flag.slice(2, flag.indexOf('='));
  return !nodeFlags.some((given) => given.replaceAll('_', '-').startsWith(`--${name}`));
});
if (
  isMainThread &&
  process.platform !== 'win32' &&
  typeof process.execve === 'function' &&
  (needsThreshold || missingHeapFlags.length > 0)
) {
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...missingHeapFlags, ...process.execArgv, ...process.argv.slice(1)],
      needsThreshold
        ? { ...process.env, GLIBC_TUNABLES: tunables ? `${tunables}:${mallocTunable}` : mallocTunable }
        : process.env,
    );
  } catch {
    // Not replaced: the server runs with glibc's and V8's defaults, only using more memory.
  }
}

enableCompileCache(
  process.env.NODE_COMPILE_CACHE || fileURLToPath(new URL('../../node_modules/.cache/node-compile', import.meta.url)),
);
