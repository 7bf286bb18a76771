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
export function takePreloaded(path: string, query?: Record<string, string>): Promise<unknown> | undefined {
  const holder = globalThis as { folioLevels?: Preloaded; folioData?: Preloaded[] };
  // Most calls find nothing preloaded: the address is written only when something was.
  if (!holder.folioLevels && !holder.folioData) return undefined;
  const search = query && new URLSearchParams(query).toString();
  const url = search ? `${path}?${search}` : path;
  const preloaded = [holder.folioLevels, ...(holder.folioData ?? [])].find((candidate) => candidate?.url === url);
  if (!preloaded) return undefined;
  preloaded.url = '';
  return preloaded.response;
}
