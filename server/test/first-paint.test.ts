import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, levelsParsedScript, levelsPreloadScript } from '../src/plugins/first-paint.ts';
import { libraryPreloadScript, vocabularyPreloadScript } from '../src/plugins/preload-hints.ts';
import { withHeadLinks, withHeadStart } from '../src/plugins/spa.ts';
import { seedContent } from '../src/services/seed.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { signupLearner } from './helpers.ts';

const inlineScript = "document.documentElement.classList.add('first-paint-hidden')";
const entry = '<script type="module" crossorigin src="/assets/index-a1.js"></script>';
const shell = `<!doctype html><html><head><script>${inlineScript}</script>${entry}</head><body><div id="root"><main class="main"><!--first-paint--></main></div></body></html>`;

let app: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  const staticDir = await mkdtemp(path.join(tmpdir(), 'folio-first-paint-'));
  await writeFile(path.join(staticDir, 'index.html'), shell);
  app = await buildTestApp({ staticDir });
  await seedContent(app.database.db, [
    {
      language: 'de',
      categories: [
        {
          title: 'Stories',
          subCategories: [
            {
              title: 'Short',
              description: 'A1 · short stories',
              contents: ['two-pages', 'draft', 'private'].map((slug) => ({
                slug,
                title: slug,
                description: 'A1 · a story',
                pageType: 'page' as const,
                pages: [
                  { title: 'One', text: 'Der Hund <b>bellt</b> & "läuft".\n\nZweiter Absatz.' },
                  { title: 'Two', text: 'Die Katze schläft.' },
                ],
              })),
            },
          ],
        },
      ],
    },
  ]);
  const rows = await app.database.db.execute<{ id: number; slug: string }>(sql`select id, slug from contents`);
  for (const row of rows.rows) ids.set(row.slug, row.id);
  await app.database.db.execute(sql`update contents set published = false where slug = 'draft'`);
  await signupLearner(app);
  await app.database.db.execute(sql`update contents set owner_id = (select max(id) from users) where slug = 'private'`);
});
afterAll(() => app.close());

const open = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe("the server's first paint of a reader page", () => {
  it('paints the first page of a library text inside the skeleton, in its language', async () => {
    const response = await open(`/reader/${ids.get('two-pages')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div class="reader-text" lang="de" dir="ltr">');
    expect(response.body).toContain(
      '<span role="button" class="word" data-w="hund" data-id="2" tabindex="-1">Hund</span>',
    );
    expect(response.body).toContain('data-section="1"');
    expect(response.body).not.toContain('Katze');
    expect(response.body).not.toContain('<!--first-paint-->');
  });

  it('escapes the text', async () => {
    const body = (await open(`/reader/${ids.get('two-pages')}`)).body;
    expect(body).toContain('&lt;');
    expect(body).toContain('&amp;');
    expect(body).toContain('&quot;');
    expect(body).not.toContain('<b>');
  });

  it('paints the page named in ?page=', async () => {
    const body = (await open(`/reader/${ids.get('two-pages')}?page=1`)).body;
    expect(body).toContain('>Katze</span>');
    expect(body).not.toContain('Hund');
  });

  it('leaves words without a level: the HTML is the same for every learner', async () => {
    const body = (await open(`/reader/${ids.get('two-pages')}`)).body;
    expect(body).toContain('data-w="hund"');
    expect(body).not.toMatch(/<span[^>]*data-level/);
  });

  it("names the painted page's levels in the head, for the script that paints a member's", async () => {
    const id = ids.get('two-pages');
    const body = (await open(`/reader/${id}?page=1`)).body;
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain(
      `<head><meta name="folio-levels" content="/api/v1/userword/page/de/${id}/1">${levelsPreloadScript}<script>`,
    );
    expect(body).toContain(`</section>${levelsParsedScript}</main>`);
  });

  it("holds a painted page's entry script for its own scripts to start once the text shows", async () => {
    const body = (await open(`/reader/${ids.get('two-pages')}?page=1`)).body;
    expect(body).not.toContain(entry);
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/index-a1.js"><meta name="folio-entry" content="/assets/index-a1.js">',
    );
  });

  it.each([
    ['a draft', () => `/reader/${ids.get('draft')}`],
    ["a learner's own text", () => `/reader/${ids.get('private')}`],
    ['a page that does not exist', () => `/reader/${ids.get('two-pages')}?page=7`],
    ['a content that does not exist', () => '/reader/999999'],
    ['another screen', () => '/flashcards'],
  ])('paints nothing for %s', async (_, url) => {
    const response = await open(url());
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(shell);
  });

  it('puts the levels call first in the head, after its charset, before the parser meets anything else', () => {
    expect(withHeadStart('<head><meta charset="UTF-8" /><title>F</title></head>', '<meta name="m">')).toBe(
      '<head><meta charset="UTF-8" /><meta name="m"><title>F</title></head>',
    );
  });

  it('puts what the head gains before its scripts and stylesheets from files, so its requests go out first', () => {
    const page =
      '<head><script>a</script><script type="module" src="/a.js"></script><link rel="stylesheet" href="/x.css"></head>';
    expect(withHeadLinks(page, '<meta name="m">')).toBe(
      '<head><script>a</script><meta name="m"><script type="module" src="/a.js"></script><link rel="stylesheet" href="/x.css"></head>',
    );
    expect(withHeadLinks('<head></head><body><link rel="stylesheet"></body>', '<meta name="m">')).toBe(
      '<head><meta name="m"></head><body><link rel="stylesheet"></body>',
    );
  });

  it("allows index.html's inline script and the server's preload scripts, and no other, by their hashes", async () => {
    const response = await open('/');
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    const scriptSources = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSources).toContain(`'sha256-${hash}'`);
    for (const script of [libraryPreloadScript, vocabularyPreloadScript, levelsPreloadScript, levelsParsedScript]) {
      expect(scriptSources).toContain(inlineScriptHashes(script)[0]);
    }
    expect(scriptSources).not.toContain('unsafe-inline');
    expect(scriptSources?.match(/'sha256-/g)).toHaveLength(5);
  });
});
