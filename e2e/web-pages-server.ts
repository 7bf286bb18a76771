/**
 * The local web server the full-stack journeys import articles from (the server reaches it only because the
 * journeys' settings allow 127.0.0.1): the fixture pages of mocks/fixtures/web-pages.ts.
 *
 *   node e2e/web-pages-server.ts [port]
 */
import { webPageFixtures } from '../mocks/fixtures/web-pages.ts';
import { htmlPage, startLocalPages } from '../server/test/local-pages.ts';
import { webPagesPort } from './web-pages.ts';

const port = Number(process.argv[2] ?? webPagesPort);
const pages = await startLocalPages(
  {
    '/health': htmlPage('ok', 'text/plain'),
    ...Object.fromEntries(webPageFixtures.map((page) => [page.path, htmlPage(page.html)])),
  },
  '127.0.0.1',
  port,
);
process.stdout.write(`web pages at ${pages.origin}\n`);
