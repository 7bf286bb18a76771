/**
 * Preloaded by `npm start` and `npm run start:server` (`node --import ./server/src/compile-cache.js`), before the
 * server's modules load: Node keeps the code it compiled, and the TypeScript it stripped, in a cache on disk
 * (`node_modules/.cache/node-compile`, or `NODE_COMPILE_CACHE` when set; `NODE_DISABLE_COMPILE_CACHE=1` turns it
 * off). From the second start on, the server starts faster and never loads Node's TypeScript stripper, a
 * WebAssembly module that would otherwise stay in memory for the life of the process (README "Memory").
 * Plain JavaScript, as it runs before anything can strip types; a cache that cannot be written is skipped.
 */
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

enableCompileCache(
  process.env.NODE_COMPILE_CACHE || fileURLToPath(new URL('../../node_modules/.cache/node-compile', import.meta.url)),
);
