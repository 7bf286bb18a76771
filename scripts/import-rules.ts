/**
 * The import rules of STYLE.md, generated from the folder list into biome.json's `overrides`, so a new folder cannot
 * be forgotten: every folder under `src/` and `server/src/` must have a floor in the tables below (a folder without
 * one fails this script), and every feature folder gets its own block.
 *
 *   node scripts/import-rules.ts          writes biome.json's overrides (then formats it with Biome)
 *   node scripts/import-rules.ts --check  fails when biome.json's overrides differ from what it would write (npm test)
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const biomeFile = path.join(root, 'biome.json');

type Pattern = { group: string[]; message: string };

const noServer: Pattern = { group: ['**/server/**', '#server/*'], message: 'src/ never imports server/.' };
const contractByAlias: Pattern = { group: ['#contract/*'], message: 'In src/, import the contract as @/contract/...' };

/** What a folder of `src/` may not import, beyond server/ (never) and `#contract/*` (the SPA's alias is `@/contract`). */
const below = (names: string[], folder: string): Pattern => ({
  group: names.flatMap((name) => [`@/${name}`, `@/${name}/**`, `**/${name}/**`]),
  message: `src/${folder} sits below ${names.join(', ')}: it never imports them (share what both need further down).`,
});
const shell = ['app', 'router', 'main', 'routeTree.gen'];

/**
 * The floors of `src/`, lowest first. `null`: no rule beyond the base (test helpers and routes may import anything
 * of the SPA). A new folder must be added here, with the floor it stands on.
 */
export const srcFloors: Record<string, Pattern[] | null> = {
  contract: null, // zod only: its own block below
  lib: [below(['contract', 'i18n', 'stores', 'api', 'components', 'features', 'routes', 'test', ...shell], 'lib')],
  i18n: [below(['stores', 'api', 'components', 'features', 'routes', ...shell], 'i18n')],
  stores: [below(['api', 'components', 'features', 'routes', ...shell], 'stores')],
  api: [below(['components', 'features', 'routes', ...shell], 'api')],
  components: [below(['features', 'routes', ...shell], 'components')],
  features: null, // one block per feature below
  routes: null,
  test: null,
  locales: null, // catalogs, no code
  styles: null, // stylesheets, no code
};

/**
 * The floors of `server/src/`: what each folder never imports (nor the process's entry, `app.ts` and `server.ts`).
 * `http` (errors, multipart) and `text` (tokenizer, paginator) stand below everything; `db` below the services; the
 * routes on top. A new folder must be added here.
 */
export const serverFloors: Record<string, string[]> = {
  http: ['text', 'db', 'services', 'plugins', 'routes', 'cli'],
  text: ['http', 'db', 'services', 'plugins', 'routes', 'cli'],
  db: ['http', 'services', 'plugins', 'routes', 'cli'],
  services: ['plugins', 'routes', 'cli'],
  plugins: ['services', 'routes', 'cli'],
  routes: ['plugins', 'cli'],
  cli: ['routes', 'plugins'],
};
const serverEntry = ['app.ts', 'server.ts'];

const serverBase: Pattern = {
  group: [
    '@/*',
    '@mocks/*',
    '**/mocks/**',
    '!../../mocks/conformance.ts',
    '../../src/**',
    '../../../src/**',
    '../../../../src/**',
    '../../../../../src/**',
  ],
  message:
    'server/ imports only src/contract from src/ (through #contract/...), and from mocks/ only the conformance suite.',
};

function folders(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .sort();
}

function block(includes: string[], patterns: Pattern[] | 'off') {
  return {
    includes,
    linter: {
      rules: {
        style: {
          noRestrictedImports: patterns === 'off' ? 'off' : { level: 'error', options: { patterns } },
        },
      },
    },
  };
}

export type Layout = { src: string[]; server: string[]; features: string[]; contract: string[] };

export function readLayout(): Layout {
  return {
    src: folders(path.join(root, 'src')),
    server: folders(path.join(root, 'server/src')),
    features: folders(path.join(root, 'src/features')),
    contract: folders(path.join(root, 'src/contract')),
  };
}

/** The overrides, in order: a later block replaces an earlier one's options for the files both include. */
export function importRuleOverrides(layout: Layout = readLayout()) {
  const { src: srcFolders, server: serverFolders } = layout;
  const missing = [
    ...srcFolders.filter((name) => !(name in srcFloors)).map((name) => `src/${name}`),
    ...serverFolders.filter((name) => !(name in serverFloors)).map((name) => `server/src/${name}`),
  ];
  if (missing.length > 0) {
    throw new Error(`No import rule for ${missing.join(', ')}: add the folder to scripts/import-rules.ts.`);
  }

  const srcBase = [noServer, contractByAlias];
  // Everything is restricted (`*` a package, `*/**` any path), then zod and the contract's own files allowed again:
  // in a subfolder (endpoints/), its own files and the contract's files one level up.
  const contractOnly = (own: string[]): Pattern => ({
    group: ['*', '*/**', '!zod', '!zod/**', ...own.map((pattern) => `!${pattern}`)],
    message: 'src/contract imports only zod (and its own files).',
  });
  const overrides: unknown[] = [
    block(['src/contract/**'], [contractOnly(['./*', ...layout.contract.map((folder) => `./${folder}/*`)])]),
    ...layout.contract.map((folder) => block([`src/contract/${folder}/**`], [contractOnly(['./*', '../*'])])),
    block(['src/contract/**/*.test.ts'], 'off'),
    block(['server/**'], [serverBase]),
    ...serverFolders.flatMap((name) => {
      const floors = serverFloors[name] ?? [];
      if (floors.length === 0) return [];
      const group = ['../', '../../', '../../../'].flatMap((up) => [
        ...floors.map((floor) => `${up}${floor}/**`),
        ...serverEntry.map((file) => `${up}${file}`),
      ]);
      const message = `server/src/${name} never imports ${floors.join(', ')} or the entry (app.ts, server.ts).`;
      return [block([`server/src/${name}/**`], [serverBase, { group, message }])];
    }),
    block(['src/**', '!src/contract/**'], srcBase),
    ...srcFolders
      .filter((name) => srcFloors[name])
      .map((name) => block([`src/${name}/**`], [...srcBase, ...(srcFloors[name] ?? [])])),
    ...layout.features.map((feature) =>
      block(
        [`src/features/${feature}/**`],
        [
          ...srcBase,
          below(['routes', ...shell], `features/${feature}`),
          {
            group: ['@/features/*', '@/features/*/**', `!@/features/${feature}/**`, '../**'],
            message:
              'Features do not import each other: share through @/components or @/api, and import outside this folder with @/.',
          },
        ],
      ),
    ),
  ];
  return overrides;
}

function main() {
  const config = JSON.parse(readFileSync(biomeFile, 'utf8'));
  const overrides = importRuleOverrides();
  if (process.argv.includes('--check')) {
    if (!isDeepStrictEqual(config.overrides, overrides)) {
      console.error("biome.json's import rules are stale: run `node scripts/import-rules.ts` and commit biome.json.");
      process.exit(1);
    }
    console.log(`Import rules are up to date (${overrides.length} blocks).`);
    return;
  }
  writeFileSync(biomeFile, `${JSON.stringify({ ...config, overrides }, null, 2)}\n`);
  execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', biomeFile], { stdio: 'inherit' });
}

if (import.meta.main) main();
