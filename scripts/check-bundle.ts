/**
 * The first load's budgets (issue #15): for `/` and `/reader/$id`, the gzip size of what a first visit downloads
 * before the page shows — the entry and every chunk it imports statically, the route's component chunk and its
 * imports, and the largest interface catalog (one is loaded before the first render) — and of the stylesheets those
 * chunks bring (the entry's, and a route's own). Reads the Vite manifest of `npm run build`; fails when a route is
 * over a budget. A budget is a size, not a timing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  catalogChunk,
  chunkClosure,
  firstScreens,
  readViteManifest,
  routeComponentChunk,
  shellChunks,
} from '../server/src/plugins/preload-hints.ts';
import { interfaceLocales } from '../src/contract/languages.ts';

/**
 * KB (1,024 bytes) of gzip JavaScript per route: issue #15's 160 for both; what keeps it there (the contract on
 * zod/mini, the screens' strings in their own catalog, the entry's static graph in one chunk) is decision 0018, and
 * today's figures are this script's output (bench/README.md keeps their history).
 */
const budgets: Record<keyof typeof firstScreens, number> = { '/': 160, '/reader/$id': 160 };

/**
 * KB of gzip CSS per route, the first load's stylesheets: they may only shrink. A screen's rules travel with its
 * chunk (decision 0021, which has the figures); what the entry carries must fit here. The reader's was raised once
 * (issues #28 and #32: the "Mark the rest as known" row and the member's hidden-until-coloured text, bench/README).
 */
const cssBudgets: Record<keyof typeof firstScreens, number> = { '/': 6.7, '/reader/$id': 6.85 };

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = readViteManifest(dist);
if (!manifest) throw new Error('No Vite manifest in dist/: run `npm run build` first');
const gzippedFile = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const gzipped = (key: string) => gzippedFile(manifest[key]?.file ?? '');
/** The stylesheets Vite split out of a chunk (the manifest's `css`), loaded with it. */
const stylesheets = (key: string): string[] => {
  const chunk = manifest[key];
  return chunk && 'css' in chunk && Array.isArray(chunk.css)
    ? chunk.css.filter((file): file is string => typeof file === 'string')
    : [];
};

// What index.html loads before anything else: its module scripts (the entry, which holds every module of its own
// static graph; see vite.config.ts) and the chunks they import.
const loaded = shellChunks(manifest, readFileSync(path.join(dist, 'index.html'), 'utf8'));
if (loaded.size === 0) throw new Error('index.html loads no chunk of the Vite manifest: run `npm run build` first');
// The shell's catalog: the screens' own (`lazy.po`) arrives with them.
const largestCatalog = Math.max(0, ...interfaceLocales.map((locale) => gzipped(catalogChunk(locale))));

let over = false;
for (const [route, { route: file }] of Object.entries(firstScreens)) {
  const component = routeComponentChunk(manifest, file);
  if (!component) throw new Error(`No component chunk for ${file}`);
  const chunks = chunkClosure(manifest, component, new Set(loaded));
  const bytes = [...chunks].reduce((sum, key) => sum + gzipped(key), largestCatalog);
  const kb = bytes / 1024;
  const budget = budgets[route as keyof typeof budgets];
  const css = new Set([...chunks].flatMap(stylesheets));
  const cssKb = [...css].reduce((sum, file) => sum + gzippedFile(file), 0) / 1024;
  const cssBudget = cssBudgets[route as keyof typeof cssBudgets];
  over ||= kb > budget || cssKb > cssBudget;
  console.log(
    `${route.padEnd(12)} ${kb.toFixed(1).padStart(6)} KB gzip in ${chunks.size + 1} files (budget ${budget} KB), ` +
      `CSS ${cssKb.toFixed(2)} KB gzip in ${css.size} files (budget ${cssBudget} KB)`,
  );
}
if (over) {
  console.error(
    'The first load is over its budget: load the new code on demand (a lazy route, a dynamic import), and a ' +
      "screen's rules with its own chunk (a stylesheet beside the component that renders them).",
  );
  process.exit(1);
}
