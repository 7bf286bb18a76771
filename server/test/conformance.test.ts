import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { API_BASE, endpoints, pathOf } from '#contract/endpoints.ts';
import {
  describeConformance,
  dictionaryLemmas,
  fileNameOf,
  jsonOf,
  multipartOf,
  webPageFixtures,
} from '../../mocks/conformance.ts';
import { defaultRateLimits } from '../src/services/accounts.ts';
import { runWordExportJob } from '../src/services/exports/jobs.ts';
import { runImportJob } from '../src/services/imports/jobs.ts';
import { defaultWebPageSettings } from '../src/services/imports/web-page.ts';
import { stripeGateway } from '../src/services/payments/stripe.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type FakeStripe, fakeStripeKeys, startFakeStripe } from './fake-stripe.ts';
import { seedFixtures } from './helpers.ts';
import { htmlPage, type LocalPages, startLocalPages } from './local-pages.ts';

// The mocks' conformance suite, against the real server: what the mocks answer, the server answers.
let app: TestApp;
let stripe: FakeStripe;
let pages: LocalPages;
let adminPassword: string | undefined;

beforeAll(async () => {
  stripe = await startFakeStripe();
  pages = await startLocalPages(Object.fromEntries(webPageFixtures.map((page) => [page.path, htmlPage(page.html)])));
  // Every signup of the suite comes from one address, above the production limit of 30 an hour.
  app = await buildTestApp({
    payments: stripeGateway({ ...fakeStripeKeys, apiUrl: stripe.apiUrl }),
    accounts: {
      rateLimits: { ...defaultRateLimits, signupPerIp: { ...defaultRateLimits.signupPerIp, limit: 1000 } },
    },
    // The local page server, allowed as an operator would allow an address (URL_IMPORT_ALLOW).
    urlImport: { ...defaultWebPageSettings, allow: ['127.0.0.1/32'] },
  });
  await seedFixtures(app);
  // The mocks' dictionary of base forms, stored as `npm run dict:import` stores FreeDict's.
  for (const { language, headword, lemma } of dictionaryLemmas) {
    await app.database.db.execute(sql`
      insert into dictionary_entries (source_language, target_language, headword, gloss, lemma, source)
      values (${language}, 'en', ${headword}, ${headword}, ${lemma}, 'conformance')`);
  }
});
afterAll(async () => {
  await app.close();
  await stripe.close();
  await pages.close();
});

describeConformance({
  call: async (name, { params, query, body, token, upload } = {}) => {
    const endpoint = endpoints[name];
    const search = query ? `?${new URLSearchParams(query)}` : '';
    const form = upload ? multipartOf(upload) : undefined;
    const response = await app.inject({
      method: endpoint.method,
      url: `${API_BASE}${pathOf(endpoint.path, params)}${search}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(form ? { 'content-type': form.contentType } : {}),
      },
      ...(form ? { payload: Buffer.from(form.body) } : body === undefined ? {} : { payload: body as object }),
    });
    const disposition = response.headers['content-disposition'];
    return {
      status: response.statusCode,
      json: jsonOf(response.body),
      text: response.body,
      bytes: response.rawPayload,
      fileName: fileNameOf(typeof disposition === 'string' ? disposition : undefined),
    };
  },
  admin: async () => {
    // The test settings make this address an admin at signup.
    const email = 'boss@folio.test';
    if (adminPassword === undefined) {
      adminPassword = 'bossword42';
      await app.inject({
        method: 'POST',
        url: `${API_BASE}/signup`,
        payload: { username: 'theboss', email, password: adminPassword, confirmPassword: adminPassword },
      });
    }
    return { email, password: adminPassword };
  },
  setWordLimit: async (username, limit) => {
    await app.database.db.execute(sql`update users set word_limit = ${limit} where username = ${username}`);
  },
  runImportJobs: async () => {
    for (const id of app.sentImports.splice(0)) {
      await runImportJob({ db: app.database.db, clock: app.clock.now, log: app.log }, id, { lastAttempt: true });
    }
  },
  runWordExportJobs: async () => {
    for (const id of app.sentWordExports.splice(0)) {
      await runWordExportJob({ db: app.database.db, clock: app.clock.now, log: app.log }, id, { lastAttempt: true });
    }
  },
  webPageAddress: (path) => `${pages.origin}${path}`,
  payCheckout: async (sessionId) => {
    stripe.complete(sessionId);
  },
  setBalances: async (username, { creditAmount, diamondAmount }) => {
    await app.database.db.execute(
      sql`update users set credit_amount = ${creditAmount}, diamond_amount = ${diamondAmount} where username = ${username}`,
    );
  },
});
