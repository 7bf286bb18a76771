import { Worker } from 'node:worker_threads';
import type { WebArticle } from './web-article.ts';
import { WebPageError } from './web-page.ts';

/** The heap a page's reading may take: a document's tree is many times its HTML. */
const workerHeapMb = 256;
/** A reading that takes longer than this is stopped: far beyond what the largest page allowed takes. */
const readTimeoutMs = 20_000;

type WorkerAnswer = { article: WebArticle } | { refusal: string };

/**
 * A page's article (`articleOf`), read in a worker thread of its own: parsing a large page and scoring it holds a
 * thread for long, which must not be the one serving every request. The worker's heap is bounded, and it is stopped
 * when it takes too long; Readability and linkedom are loaded there only, never by the server's thread.
 */
export function readArticle(html: string): Promise<WebArticle> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./article-worker.ts', import.meta.url), {
      workerData: html,
      resourceLimits: { maxOldGenerationSizeMb: workerHeapMb },
    });
    const timer = setTimeout(() => {
      reject(new WebPageError('page_timeout', 'The page took too long to read'));
      void worker.terminate();
    }, readTimeoutMs);
    worker.once('message', (answer: WorkerAnswer) => {
      if ('article' in answer) resolve(answer.article);
      else reject(new WebPageError('not_an_article', answer.refusal));
    });
    worker.once('error', () => reject(new WebPageError('not_an_article', 'The page is too large to read')));
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new WebPageError('not_an_article', 'No article was found on this page'));
    });
  });
}
