import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/plugins/first-paint.ts';
import { acceptedLanguages, libraryPreloadScript, vocabularyPreloadScript } from '../src/plugins/preload-hints.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const shell =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** A build's manifest as Vite writes it: the entry, the two first screens' route chunks, two catalogs. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_query-1.js': { file: 'assets/query-1.js' },
  'src/routes/index.tsx?tsr-split=component': {
    file: 'assets/routes-1.js',
    imports: ['_shared-1.js', '_query-1.js'],
    css: ['assets/routes-1.css'],
  },
  'src/routes/reader.$id.tsx?tsr-split=component': {
    file: 'assets/reader-1.js',
    imports: ['_query-1.js', '_text-1.js'],
  },
  '_text-1.js': { file: 'assets/text-1.js', css: ['assets/text-1.css'] },
  'src/routes/store.index.tsx?tsr-split=component': { file: 'assets/store-1.js', css: ['assets/store-1.css'] },
  'src/routes/words.tsx?tsr-split=component': { file: 'assets/words-1.js', imports: ['_text-1.js'] },
  'src/locales/en/messages.po': { file: 'assets/messages-en.js' },
  'src/locales/de/messages.po': { file: 'assets/messages-de.js' },
  'src/locales/en/lazy.po': { file: 'assets/lazy-en.js' },
  'src/locales/de/lazy.po': { file: 'assets/lazy-de.js' },
};

let app: TestApp;

beforeAll(async () => {
  const staticDir = await mkdtemp(path.join(tmpdir(), 'folio-preload-'));
  await writeFile(path.join(staticDir, 'index.html'), shell);
  await mkdir(path.join(staticDir, '.vite'));
  await writeFile(path.join(staticDir, '.vite/manifest.json'), JSON.stringify(manifest));
  app = await buildTestApp({ staticDir });
});
afterAll(() => app.close());

async function preloads(url: string, acceptLanguage?: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
  expect(response.statusCode).toBe(200);
  const head = response.body.slice(0, response.body.indexOf('</head>'));
  expect(String(response.headers.vary ?? '').includes('Accept-Language')).toBe(head.includes('modulepreload'));
  return [...head.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]);
}

describe('the code a first screen needs is named in its HTML', () => {
  it("preloads the library's route chunk, its imports the entry lacks, and the browser's locale catalog", async () => {
    expect(await preloads('/', 'de-CH, de;q=0.9, en;q=0.5')).toEqual([
      'assets/messages-de.js',
      'assets/routes-1.js',
      'assets/query-1.js',
    ]);
  });

  it("preloads a reader page's route chunk, with or without a query", async () => {
    expect(await preloads('/reader/12?page=2', 'de')).toEqual([
      'assets/messages-de.js',
      'assets/reader-1.js',
      'assets/query-1.js',
      'assets/text-1.js',
    ]);
  });

  it("preloads a member screen's route chunk with the screens' catalog of the browser's locale", async () => {
    expect(await preloads('/words?sort=az', 'de')).toEqual([
      'assets/messages-de.js',
      'assets/lazy-de.js',
      'assets/words-1.js',
      'assets/text-1.js',
    ]);
  });

  it("preloads the stylesheets of the screen's chunks, and no other screen's", async () => {
    const styles = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      return [...head.matchAll(/<link rel="preload" as="style" crossorigin href="\/([^"]+)"/g)].map(
        (match) => match[1],
      );
    };
    expect(await styles('/')).toEqual(['assets/routes-1.css']);
    expect(await styles('/reader/12')).toEqual(['assets/text-1.css']);
    expect(await styles('/store')).toEqual([]);
  });

  it('falls back to the English catalog when the browser names no interface locale', async () => {
    expect(await preloads('/', 'xx-YY')).toEqual(['assets/messages-en.js', 'assets/routes-1.js', 'assets/query-1.js']);
    expect((await preloads('/'))[0]).toBe('assets/messages-en.js');
  });

  it('names nothing for the other screens', async () => {
    expect(await preloads('/store')).toEqual([]);
    expect(await preloads('/reader/12/more')).toEqual([]);
    expect(await preloads('/wordsmith')).toEqual([]);
  });
});

describe("the library's list is asked for by the home page's HTML", () => {
  it('carries the script on / only, allowed by its hash in the CSP', async () => {
    const home = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.body).toContain(libraryPreloadScript);
    const [hash] = inlineScriptHashes(libraryPreloadScript);
    expect(String(home.headers['content-security-policy'])).toContain(hash);
    const reader = await app.inject({ method: 'GET', url: '/reader/12', headers: { accept: 'text/html' } });
    expect(reader.body).not.toContain(libraryPreloadScript);
  });

  /** The links the script adds to a page whose storage holds `saved` under the preferences' key (null: nothing). */
  function preloadedBy(saved: string | null | Error): { rel: string; as: string; crossOrigin: string; href: string }[] {
    const added: { rel: string; as: string; crossOrigin: string; href: string }[] = [];
    const localStorage = {
      getItem: (key: string) => {
        if (saved instanceof Error) throw saved;
        return key === 'folio.preferences' ? saved : null;
      },
    };
    const document = {
      createElement: () => ({ rel: '', as: '', crossOrigin: '', href: '' }),
      head: { append: (link: (typeof added)[number]) => added.push(link) },
    };
    const body = libraryPreloadScript.replace(/^<script>/, '').replace(/<\/script>$/, '');
    new Function('localStorage', 'document', body)(localStorage, document);
    return added;
  }

  it("preloads the learner's target language, as a fetch the app's request can take", () => {
    expect(preloadedBy(JSON.stringify({ state: { targetLang: 'de', homeLang: 'en' }, version: 3 }))).toEqual([
      { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: '/api/v1/content/de' },
    ]);
  });

  it("preloads English, the app's default, on a first visit", () => {
    expect(preloadedBy(null).map((link) => link.href)).toEqual(['/api/v1/content/en']);
  });

  it('asks for nothing when the stored language is not one the library has, or storage cannot be read', () => {
    expect(preloadedBy(JSON.stringify({ state: { targetLang: '../admin' } }))).toEqual([]);
    expect(preloadedBy('{not json')).toEqual([]);
    expect(preloadedBy(new Error('SecurityError'))).toEqual([]);
  });
});

describe("a member's vocabulary list is asked for by /words' HTML", () => {
  it('carries the script on /words only, allowed by its hash in the CSP', async () => {
    const words = await app.inject({ method: 'GET', url: '/words', headers: { accept: 'text/html' } });
    expect(words.body).toContain(vocabularyPreloadScript);
    const [hash] = inlineScriptHashes(vocabularyPreloadScript);
    expect(String(words.headers['content-security-policy'])).toContain(hash);
    const home = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.body).not.toContain(vocabularyPreloadScript);
  });

  type Asked = { url: string; headers: Record<string, string> };

  /** What the script asks for on a page at `search` whose storage holds `stored` (an Error: unreadable). */
  function askedBy(stored: Record<string, string> | Error, search = ''): { asked: Asked[]; data: unknown } {
    const asked: Asked[] = [];
    const localStorage = {
      getItem: (key: string) => {
        if (stored instanceof Error) throw stored;
        return stored[key] ?? null;
      },
    };
    const fetch = (url: string, options: { headers: Record<string, string> }) => {
      asked.push({ url, headers: options.headers });
      return new Promise(() => {});
    };
    const window: { folioData?: unknown } = {};
    const body = vocabularyPreloadScript.replace(/^<script>/, '').replace(/<\/script>$/, '');
    new Function('localStorage', 'location', 'fetch', 'window', 'Temporal', body)(
      localStorage,
      { search },
      fetch,
      window,
      { Now: { timeZoneId: () => 'Europe/Berlin' } },
    );
    return { asked, data: window.folioData };
  }

  const member = {
    'folio.user': JSON.stringify({ username: 'reader', token: 'secret-token' }),
    'folio.preferences': JSON.stringify({ state: { targetLang: 'de', homeLang: 'en' }, version: 3 }),
  };

  it("asks for the first page and the counts in the learner's language, with the token and time zone", () => {
    const { asked, data } = askedBy(member);
    expect(asked.map(({ url }) => url)).toEqual([
      '/api/v1/vocabulary/de?homeLang=en&sort=recent',
      '/api/v1/progress/de',
    ]);
    for (const { headers } of asked) {
      expect(headers).toEqual({ Authorization: 'Bearer secret-token', 'x-time-zone': 'Europe/Berlin' });
    }
    expect((data as { url: string }[]).map(({ url }) => url)).toEqual(asked.map(({ url }) => url));
  });

  it('asks for nothing for a visitor, filters in the address, unknown languages or unreadable storage', () => {
    expect(askedBy({ 'folio.preferences': member['folio.preferences'] }).asked).toEqual([]);
    expect(askedBy(member, '?sort=az').asked).toEqual([]);
    expect(
      askedBy({ ...member, 'folio.preferences': JSON.stringify({ state: { targetLang: 'xx', homeLang: 'en' } }) })
        .asked,
    ).toEqual([]);
    expect(askedBy({ ...member, 'folio.user': '{not json' }).asked).toEqual([]);
    expect(askedBy(new Error('SecurityError')).asked).toEqual([]);
  });
});

describe('Accept-Language', () => {
  it('lists the tags by weight, dropping the wildcard and refused ones', () => {
    expect(acceptedLanguages('fr;q=0.5, de-CH, *;q=0.1, en;q=0, de;q=0.9')).toEqual(['de-CH', 'de', 'fr']);
  });

  it('reads a missing or malformed header as no preference', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(' , ;q=1')).toEqual([]);
  });
});
