/** An answer the page's inline script asked for before the app ran (server/src/plugins/first-paint.ts). */
type Preloaded = { url: string; response: Promise<unknown> };

/**
 * The preloaded answer for this address, once: the first request for it takes it, every later one asks the server
 * again (levels fetched anew each time a text opens). Undefined when nothing was preloaded for it.
 */
export function takePreloaded(url: string): Promise<unknown> | undefined {
  const holder = globalThis as { folioLevels?: Preloaded };
  const preloaded = holder.folioLevels;
  if (!preloaded || preloaded.url !== url) return undefined;
  preloaded.url = '';
  return preloaded.response;
}
