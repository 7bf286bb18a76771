/**
 * The split of the interface catalogs (lingui.config.ts) holds: a route whose code reaches a screen of the lazy
 * catalog says `catalog: 'lazy'`, so the root route loads those strings before it renders (in production a missing
 * string would show its id).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../lingui.config.ts';

const root = path.resolve(import.meta.dirname, '..');
const lazyCatalog = config.catalogs?.find((catalog) => catalog.path.endsWith('/lazy'));
const lazyScreens = (lazyCatalog?.include ?? []).map((entry) => path.join(root, entry.replace('<rootDir>/', '')));

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((suffix) => base + suffix)
    .find((file) => existsSync(file) && !file.endsWith('/'));
}

/**
 * Every source file a module reaches through its imports, static or dynamic (types left out), but for code loaded
 * with `withLazyCatalog(import(…))`, which loads the lazy catalog itself.
 */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const imports = /(?:^import(?! type)[^;]*?from|(?<!withLazyCatalog\(|typeof )import\()\s*'([^']+)'/gms;
  for (const [, specifier] of source.matchAll(imports)) {
    const resolved = specifier && resolveImport(file, specifier);
    if (resolved && /\.tsx?$/.test(resolved)) reach(resolved, seen);
  }
  return seen;
}

const routeFiles = readdirSync(path.join(root, 'src/routes')).map((name) => path.join(root, 'src/routes', name));

describe('the lazy catalog', () => {
  it('names the screens loaded on demand', () => {
    expect(lazyScreens.length).toBeGreaterThan(0);
    for (const screen of lazyScreens) expect(existsSync(screen), screen).toBe(true);
  });

  it.each(routeFiles.map((file) => [path.basename(file), file]))('is awaited by %s where it needs it', (_, file) => {
    const needsLazy = [...reach(file)].some((reached) =>
      lazyScreens.some((screen) => reached === screen || reached.startsWith(`${screen}/`)),
    );
    const saysLazy = /catalog: 'lazy'/.test(readFileSync(file, 'utf8'));
    expect(saysLazy).toBe(needsLazy);
  });
});
