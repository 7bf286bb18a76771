import { parentPort, workerData } from 'node:worker_threads';
import { articleOf } from './web-article.ts';
import { WebPageError } from './web-page.ts';

/** Reads one page's article off the server's event loop (`readArticle`): the HTML in, the article or the refusal out. */
try {
  parentPort?.postMessage({ article: articleOf(String(workerData)) });
} catch (error) {
  parentPort?.postMessage({
    refusal: error instanceof WebPageError ? error.message : 'No article was found on this page',
  });
}
