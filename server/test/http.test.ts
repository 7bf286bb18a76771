import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#contract/envelope.ts';
import { precompress } from '../../scripts/precompress.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let app: TestApp;
let staticDir: string;
const asset = `console.log(${'"folio";'.repeat(300)})`;

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(tmpdir(), 'folio-spa-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), asset);
  await precompress(staticDir);
  // An asset without compressed copies (written after the build's step), as before the step existed.
  await writeFile(path.join(staticDir, 'assets', 'late-abc123.js'), asset);
  app = await buildTestApp({ staticDir });
  app.get('/api/v1/test-failure', async () => {
    throw new Error('SELECT secret FROM users at /srv/folio/server.ts:12');
  });
});
afterAll(() => app.close());

describe('error envelopes', () => {
  it('answers an unknown API route with a 404 envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({
      status: 404,
      details: [{ code: 'not_found' }],
    });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('invalid_json');
  });

  it('hides internals in a 500 body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/test-failure' });
    expect(response.statusCode).toBe(500);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.details[0]?.code).toBe('internal');
    expect(response.body).not.toMatch(/SELECT|secret|\/srv|server\.ts|stack/i);
  });
});

describe('serving the SPA', () => {
  const getAsset = (url: string, acceptEncoding: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('answers a deep link with index.html so a refresh keeps the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/reader/12', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets immutably and compresses them', async () => {
    const response = await getAsset('/assets/index-abc123.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("sends an asset's Brotli copy made at build time to a browser that takes it", async () => {
    const response = await getAsset('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.rawPayload).toEqual(await readFile(path.join(staticDir, 'assets', 'index-abc123.js.br')));
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(asset);
  });

  it('still compresses an asset that has no compressed copy', async () => {
    const response = await getAsset('/assets/late-abc123.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('does not answer a missing asset with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('sends a strict Content-Security-Policy that allows the video embed and the payment script', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]*https:\/\/js\.stripe\.com/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/frame-src[^;]*https:\/\/www\.youtube\.com/);
    expect(csp).toMatch(/img-src[^;]*https:\/\/i\.ytimg\.com/);
  });
});

describe('operations', () => {
  it('reports health with a database round trip', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/content/{targetLang}', '/api/v1/content/{targetLang}/{contentId}/{pageId}']),
    );
    // Each call is described (the summaries live apart from the contract the SPA loads).
    expect(document.paths['/api/v1/content/{targetLang}']?.get?.summary).toBe(
      'Categories with their sub-categories and contents',
    );
  });
});
