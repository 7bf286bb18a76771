import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';
import { portShift, webPagesPort } from './e2e/web-pages';

// E2E_PORT_SHIFT moves every port, so two checkouts on one machine can run their journeys at once.
const mockedPort = 4173 + portShift;
const fullPort = 4310 + portShift;
const fakeYouTubePort = 4320 + portShift;
const fakeStripePort = 4330 + portShift;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'folio-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const chromium = { browserName: 'chromium' as const, launchOptions: chromiumLaunchOptions };
/** A 390 px phone with touch: the phone journeys (`*.phone.spec.ts`) run here, the others on a desktop window. */
const phone = { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const phoneSpecs = /\.phone\.spec\.ts$/;

const startServer: string = JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')).scripts[
  'start:server'
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A budget against hangs, not a speed check: CI machines are shared and the walks at three widths are long.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  // CI keeps only the printed output, so a trace there is time spent for nothing (decision 0032 has the cost); kept
  // locally on failure.
  use: { trace: process.env.CI ? 'off' : 'retain-on-failure', locale: 'en-GB' },
  projects: [
    { name: 'mocked', testIgnore: phoneSpecs, use: { ...chromium, baseURL: `http://localhost:${mockedPort}` } },
    { name: 'full', testIgnore: phoneSpecs, use: { ...chromium, baseURL: `http://localhost:${fullPort}` } },
    { name: 'mocked-phone', testMatch: phoneSpecs, use: { ...phone, baseURL: `http://localhost:${mockedPort}` } },
    { name: 'full-phone', testMatch: phoneSpecs, use: { ...phone, baseURL: `http://localhost:${fullPort}` } },
  ],
  webServer: [
    {
      command: `node e2e/fake-youtube-server.ts ${fakeYouTubePort}`,
      url: `http://127.0.0.1:${fakeYouTubePort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node e2e/fake-stripe-server.ts ${fakeStripePort} http://127.0.0.1:${fullPort}/api/v1/payment/webhook`,
      url: `http://127.0.0.1:${fakeStripePort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node e2e/web-pages-server.ts ${webPagesPort}`,
      url: `http://127.0.0.1:${webPagesPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx vite preview --mode mock --outDir dist-mock --port ${mockedPort} --strictPort`,
      url: `http://localhost:${mockedPort}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The command `npm run start:server` runs (package.json), Node's flags included, without npm in between.
      command: startServer,
      url: `http://localhost:${fullPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(fullPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
        YOUTUBE_BASE_URL: `http://127.0.0.1:${fakeYouTubePort}`,
        // The fake Stripe's own test keys (server/test/fake-stripe.ts): not secrets, they open nothing real.
        STRIPE_SECRET_KEY: 'sk_test_folio_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_folio_fake',
        STRIPE_API_URL: `http://127.0.0.1:${fakeStripePort}`,
        LOG_LEVEL: 'warn',
        // Every journey signs its learners up from this one address, more than a real address may in an hour.
        SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
        // The server tests' cost (server/test/build-test-app.ts): the journeys sign a learner up in nearly every test,
        // and the default's cost is CPU the browser needs (decision 0047). The default stays 17.
        PASSWORD_HASH_COST: '12',
        // The local web pages the journeys import articles from: loopback is refused unless the operator allows it.
        URL_IMPORT_ALLOW: '127.0.0.1/32',
      },
    },
  ],
});
