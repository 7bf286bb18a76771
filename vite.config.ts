import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.ts';
import { firstScreens, memberScreens } from './server/src/plugins/preload-hints.ts';

const root = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
/**
 * Server test files that time what they test or start processes of their own (timeouts of a few hundred ms behind a
 * proxy, shutdown, start-up, the data directory's lock, lockout): they run alone, one at a time, after the others,
 * which run two files at a time (docs/decisions/0026).
 */
const serialServerTests = [
  'server/test/database-faults.test.ts',
  'server/test/embedded-access.test.ts',
  'server/test/lockout.test.ts',
  'server/test/logging.test.ts',
  'server/test/shutdown.test.ts',
  'server/test/startup.test.ts',
];
/** Server test files about the embedded database itself (its socket, files, lock and the CLI beside it): PGlite only. */
const embeddedOnlyServerTests = ['server/test/embedded-access.test.ts'];
const serverTestProjects = [
  { name: 'server', env: {}, include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'], skip: [] as string[] },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'server-postgres',
          env: { TEST_DB: 'postgres' },
          include: ['server/test/**/*.test.ts'],
          skip: embeddedOnlyServerTests,
        },
      ]
    : []),
].flatMap(({ name, env, include, skip }) => [
  { name, env, include, exclude: [...serialServerTests, ...skip], fileParallelism: true },
  {
    name: `${name}-serial`,
    env,
    include: serialServerTests.filter((file) => !skip.includes(file)),
    exclude: [],
    fileParallelism: false,
  },
]);

/**
 * V8's explicit compile hint on the chunks a first visit runs (the entry, and the first screens' and the member
 * screens' route chunks with their imports, as the server preloads them): their functions are compiled while they
 * stream in, off the main thread, instead of one by one on the main thread as the app starts (docs/decisions/0023).
 * V8 reads it only on the file's first line, so it goes in last, above Vite's own preamble, as a line the source map
 * skips.
 */
function compileFirstLoadEagerly(): Plugin {
  const hintedRoutes = [...Object.values(firstScreens), ...Object.values(memberScreens)].map(({ route }) =>
    root(`./${route}`),
  );
  return {
    name: 'folio:compile-first-load-eagerly',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const eager = new Set<string>();
        const add = (fileName: string) => {
          if (eager.has(fileName)) return;
          eager.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) add(imported);
        };
        for (const chunk of chunks) {
          const screen = hintedRoutes.some((route) => chunk.facadeModuleId?.startsWith(`${route}?`));
          if (chunk.isEntry || screen) add(chunk.fileName);
        }
        for (const chunk of chunks) {
          if (!eager.has(chunk.fileName)) continue;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed: { mappings: string } = JSON.parse(map.source);
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}

/** Compressed copies of the built assets, made once here rather than on every response (scripts/precompress.ts). */
function precompressAssets(): Plugin {
  return {
    name: 'folio:precompress-assets',
    apply: 'build',
    async writeBundle(options) {
      if (options.dir) await precompress(options.dir);
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    compileFirstLoadEagerly(),
    precompressAssets(),
  ],
  resolve: {
    alias: { '@': root('./src'), '@mocks': root('./mocks') },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    sourcemap: true,
    // scripts/check-bundle.ts reads it for the first load's budget.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions:
      mode === 'bench'
        ? // The benchmark build adds the naive reference reader beside the app.
          { input: { main: root('./index.html'), naive: root('./bench/reader/naive.html') } }
        : // Every module the entry imports statically in one chunk: the first visit downloads two files (this and
          // rolldown's runtime) instead of thirty small ones, which gzip better as one and need no request
          // chain. The screens loaded on demand keep their own chunks; scripts/check-bundle.ts holds the budget.
          // Rolldown merges the entry into this chunk, so src/main.tsx must not await at its top level a chunk
          // that imports this one (the mocks): it would wait for itself.
          { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
          clearMocks: true,
          // Both cores: the default of one worker leaves the second idle (decision 0032).
          maxWorkers: 2,
          // A budget against hangs: two workers on a busy CI machine slow a screen's render well past the default.
          testTimeout: 15_000,
        },
      },
      ...serverTestProjects.map(({ name, env, include, exclude, fileParallelism }) => ({
        test: {
          name,
          environment: 'node',
          include,
          exclude,
          env,
          globalSetup: ['./server/test/test-database-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism,
          maxWorkers: 2,
          // A worker keeps the app's modules from one file to the next, and the serial files run after the others, as
          // a group of their own (docs/decisions/0047).
          isolate: false,
          sequence: { groupOrder: fileParallelism ? 0 : 1 },
        },
      })),
    ],
  },
}));
