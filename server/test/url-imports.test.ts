import { lookup } from 'node:dns/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { lighthouseArticle } from '../../mocks/conformance.ts';
import { defaultWebPageSettings } from '../src/services/imports/web-page.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, signupLearner } from './helpers.ts';
import { htmlPage, type LocalPages, startLocalPages } from './local-pages.ts';

// Every page is served by a local server; no test reaches the internet. `open` allows 127.0.0.1 as an operator would
// (URL_IMPORT_ALLOW) and resolves the `.test` names itself; `closed` has production's defaults.
let open: TestApp;
let closed: TestApp;
let pages: LocalPages;
/** A loopback server the operator did not allow: the imports must never send it a byte. */
let forbidden: LocalPages;
let ip = 0;

const names: Record<string, string[]> = {
  'news.test': ['127.0.0.1'],
  'mixed.test': ['127.0.0.1', '10.1.2.3'],
  'far.test': ['93.184.216.34'],
};

const redirect =
  (location: () => string, status = 302) =>
  (_: unknown, response: import('node:http').ServerResponse) => {
    response.writeHead(status, { location: location() }).end();
  };

beforeAll(async () => {
  // Linux answers the whole of 127.0.0.0/8 on its loopback.
  forbidden = await startLocalPages({ '/': htmlPage('<p>secret</p>') }, '127.0.0.2');
  const big = `<html><body>${'<p>The tide comes in over the sand and goes out again.</p>'.repeat(2_000)}</body></html>`;
  pages = await startLocalPages({
    [lighthouseArticle.path]: htmlPage(lighthouseArticle.html),
    '/latin-1': (_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      response.end(
        Buffer.from('<html><head><title>Café</title></head><body><p>Un café au lait, déjà.</p></body>', 'latin1'),
      );
    },
    '/to-article': redirect(() => lighthouseArticle.path, 301),
    '/to-forbidden': redirect(() => `${forbidden.origin}/`),
    '/to-metadata': redirect(() => 'http://169.254.169.254/latest/meta-data/'),
    '/to-private': redirect(() => 'http://10.0.0.1/'),
    '/to-file': redirect(() => 'file:///etc/passwd'),
    ...Object.fromEntries(
      Array.from({ length: 7 }, (_, n) => [`/hop/${n + 1}`, redirect(() => `/hop/${n}`, 307)] as const),
    ),
    '/hop/0': htmlPage(lighthouseArticle.html),
    '/big': htmlPage(big),
    '/big-chunked': (_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 100; i++) response.write(big.slice(0, 1_000));
      response.end();
    },
    '/silent': () => {},
    '/pdf': htmlPage('%PDF-1.7', 'application/pdf'),
    '/gzip': (_, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end('not really gzip');
    },
    '/menu-only': htmlPage('<html><head><title>Home</title><script>1</script></head><body><nav></nav></body></html>'),
    '/gone': (_, response) => {
      response.writeHead(410, { 'content-type': 'text/html' }).end('<p>Gone</p>');
    },
  });
  open = await buildTestApp({
    urlImport: {
      ...defaultWebPageSettings,
      allow: ['127.0.0.1/32'],
      timeoutMs: 500,
      maxBytes: 64 * 1024,
      resolve: async (hostname) => {
        const known = names[hostname];
        if (known) return known;
        if (hostname.endsWith('.test')) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
        return (await lookup(hostname, { all: true })).map((entry) => entry.address);
      },
    },
  });
  closed = await buildTestApp();
});
afterAll(async () => {
  await Promise.all([open?.close(), closed?.close(), pages?.close(), forbidden?.close()]);
});

const learner = (app: TestApp) => signupLearner(app, `10.8.0.${++ip}`);

async function importUrl(app: TestApp, token: string | undefined, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/imports/url',
    headers: token ? authed(token) : {},
    payload: { language: 'en', ...body },
  });
}

async function stored(app: TestApp) {
  const result = await app.database.db.execute<{ title: string; kind: string; source: string }>(
    sql`select title, kind, source from text_imports order by id`,
  );
  return result.rows;
}

/** The call is refused with this status and code, and nothing is stored. */
async function expectRefused(app: TestApp, url: string, status: number, code: string) {
  const token = await learner(app);
  const before = (await stored(app)).length;
  const response = await importUrl(app, token, { url });
  expect(response.statusCode, response.body).toBe(status);
  const envelope = errorEnvelopeSchema.parse(response.json());
  expect(envelope.details[0]).toMatchObject({ code, field: 'url' });
  expect((await stored(app)).length).toBe(before);
  return envelope.details[0]?.error;
}

describe('importing a web article by its address', () => {
  it("keeps the article's title and paragraphs, and imports them as a pasted text", async () => {
    const token = await learner(open);
    const response = await importUrl(open, token, { url: `${pages.origin}${lighthouseArticle.path}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelopeSchema(endpoints.importUrl.details).parse(response.json()).details).toMatchObject({
      title: lighthouseArticle.title,
      status: 'processing',
    });
    expect((await stored(open)).at(-1)).toEqual({
      title: lighthouseArticle.title,
      kind: 'web',
      source: lighthouseArticle.paragraphs.join('\n\n'),
    });
    expect(open.sentImports.splice(0)).toHaveLength(1);
  });

  it('takes the title given, follows up to 5 redirects, reads the charset and connects to the address it checked', async () => {
    const token = await learner(open);
    const named = await importUrl(open, token, { url: `${pages.origin}/to-article`, title: 'At the lighthouse' });
    expect(named.json().details).toMatchObject({ title: 'At the lighthouse' });
    const hops = await importUrl(open, token, { url: `${pages.origin}/hop/5` });
    expect(hops.statusCode, hops.body).toBe(200);
    await importUrl(open, token, { url: `${pages.origin}/latin-1` });
    expect((await stored(open)).at(-1)).toMatchObject({ title: 'Café', source: 'Un café au lait, déjà.' });
    // news.test exists only in this test's resolver: the request went to the address it gave.
    const port = new URL(pages.origin).port;
    const byName = await importUrl(open, token, { url: `http://news.test:${port}${lighthouseArticle.path}` });
    expect(byName.statusCode, byName.body).toBe(200);
  });

  it('refuses loopback, private, link-local and metadata addresses before sending them anything', async () => {
    const port = new URL(pages.origin).port;
    const before = pages.requests.length;
    for (const url of [
      `http://127.0.0.1:${port}${lighthouseArticle.path}`,
      `http://localhost:${port}${lighthouseArticle.path}`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
    ]) {
      expect(await expectRefused(closed, url, 400, 'address_refused')).toBe(
        'This address is private: only public web pages can be imported',
      );
    }
    expect(pages.requests.length).toBe(before);
  });

  it('refuses a name that resolves to any private address, and a public one on another port', async () => {
    const port = new URL(pages.origin).port;
    const before = pages.requests.length;
    await expectRefused(open, `http://mixed.test:${port}/`, 400, 'address_refused');
    expect(await expectRefused(open, 'http://far.test:8080/', 400, 'address_refused')).toBe(
      'Only web pages on the ports 80 and 443 can be imported',
    );
    expect(pages.requests.length).toBe(before);
  });

  it('refuses a redirect to a private address, which is sent nothing', async () => {
    for (const path of ['/to-forbidden', '/to-metadata', '/to-private']) {
      await expectRefused(open, `${pages.origin}${path}`, 400, 'address_refused');
    }
    expect(forbidden.requests).toEqual([]);
  });

  it('refuses other schemes than http and https, and what is not an address', async () => {
    for (const url of ['ftp://example.com/a.html', 'file:///etc/passwd', 'javascript:alert(1)', 'not an address']) {
      await expectRefused(open, url, 400, 'address_refused');
    }
    await expectRefused(open, `${pages.origin}/to-file`, 400, 'address_refused');
    await expectRefused(open, `http://user:secret@127.0.0.1:${new URL(pages.origin).port}/`, 400, 'address_refused');
  });

  it('refuses more than 5 redirects, a page too large, one that does not answer in time, and a missing page', async () => {
    expect(await expectRefused(open, `${pages.origin}/hop/6`, 422, 'page_unreachable')).toBe(
      'The page redirects more than 5 times',
    );
    await expectRefused(open, `${pages.origin}/big`, 422, 'page_too_large');
    await expectRefused(open, `${pages.origin}/big-chunked`, 422, 'page_too_large');
    await expectRefused(open, `${pages.origin}/silent`, 422, 'page_timeout');
    await expectRefused(open, `${pages.origin}/gone`, 422, 'page_unreachable');
    await expectRefused(open, 'http://nowhere.test/', 422, 'page_unreachable');
  });

  it('refuses what is not an HTML page, and a page without an article', async () => {
    await expectRefused(open, `${pages.origin}/pdf`, 422, 'not_an_article');
    await expectRefused(open, `${pages.origin}/gzip`, 422, 'not_an_article');
    await expectRefused(open, `${pages.origin}/menu-only`, 422, 'not_an_article');
  });

  it('lets a learner make 20 imports by address in 10 minutes', async () => {
    const token = await learner(closed);
    for (let i = 0; i < 20; i++) {
      expect((await importUrl(closed, token, { url: 'http://10.0.0.1/' })).statusCode).toBe(400);
    }
    const limited = await importUrl(closed, token, { url: 'http://10.0.0.1/' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    closed.clock.advance(10 * 60 * 1000);
    expect((await importUrl(closed, token, { url: 'http://10.0.0.1/' })).statusCode).toBe(400);
  });

  it('is for members only, and checks its body', async () => {
    const visitor = await importUrl(open, undefined, { url: `${pages.origin}${lighthouseArticle.path}` });
    expect(visitor.statusCode).toBe(401);
    const token = await learner(open);
    const before = pages.requests.length;
    expect((await importUrl(open, token, { url: '' })).statusCode).toBe(400);
    expect((await importUrl(open, token, { url: 'https://example.com/', language: 'xx' })).statusCode).toBe(400);
    expect(pages.requests.length).toBe(before);
  });
});
