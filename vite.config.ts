import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const serverTestProjects = [
  { name: 'server', env: {}, include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'] },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'server-postgres', env: { TEST_DB: 'postgres' }, include: ['server/test/**/*.test.ts'] }]
    : []),
];

export default defineConfig(({ mode }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
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
    // The benchmark build adds the naive reference reader beside the app.
    ...(mode === 'bench'
      ? { rolldownOptions: { input: { main: root('./index.html'), naive: root('./bench/reader/naive.html') } } }
      : {}),
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
        },
      },
      ...serverTestProjects.map(({ name, env, include }) => ({
        test: {
          name,
          environment: 'node',
          include,
          env,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      })),
    ],
  },
}));
