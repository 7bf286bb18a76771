/**
 * An answer the page's inline scripts asked for before the app ran (server/src/plugins/first-paint.ts and
 * preload-hints.ts).
 */
type Preloaded = { url: string; response: Promise<unknown> };

/**
 * The preloaded answer for this address (its query in the order the call gives it), once: the first request for it
 * takes it, every later one asks the server again (levels fetched anew each time a text opens). Undefined when nothing
 * was preloaded for it. The reader's levels are `window.folioLevels`; a screen's data (`/words`) is the list
 * `window.folioData`.
 */
export function takePreloaded(url: string): Promise<unknown> | undefined {
  const holder = globalThis as { folioLevels?: Preloaded; folioData?: Preloaded[] };
  const preloaded = [holder.folioLevels, ...(holder.folioData ?? [])].find((candidate) => candidate?.url === url);
  if (!preloaded) return undefined;
  preloaded.url = '';
  return preloaded.response;
}
