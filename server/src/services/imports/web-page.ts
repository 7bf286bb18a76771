import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type AddressRules, addressPolicy } from './address-ranges.ts';

/** Why a web page could not be read; each kind is an error code the SPA words. */
export type WebPageProblem =
  | 'address_refused'
  | 'page_unreachable'
  | 'page_timeout'
  | 'page_too_large'
  | 'not_an_article';

export class WebPageError extends Error {
  readonly problem: WebPageProblem;
  constructor(problem: WebPageProblem, reason: string) {
    super(reason);
    this.name = 'WebPageError';
    this.problem = problem;
  }
}

/** How web pages are fetched: which addresses, how long, how much. */
export type WebPageSettings = AddressRules & {
  timeoutMs: number;
  maxBytes: number;
  /** A host name's addresses (node:dns, every address it has); tests give names of their own. */
  resolve?: (hostname: string) => Promise<string[]>;
};

/** A page as fetched: where it ended up after redirects, and its HTML. */
export type WebPage = { url: string; html: string };

/** Fetches a web page by its address; one per process, built from the operator's settings. */
export type WebPageFetcher = (address: string) => Promise<WebPage>;

/** Without the operator's settings: the default forbidden ranges, 10 s, 2 MB. */
export const defaultWebPageSettings: WebPageSettings = {
  allow: [],
  deny: [],
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
};

export const maxRedirects = 5;
const defaultPorts = new Set([80, 443]);
const htmlTypes = new Set(['text/html', 'application/xhtml+xml']);

const resolveAll = async (hostname: string) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** The address this URL's host name must be reached at: every address it resolves to allowed, the first one. */
async function checkedAddress(
  url: URL,
  judge: ReturnType<typeof addressPolicy>,
  resolve: (hostname: string) => Promise<string[]>,
): Promise<string> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebPageError('address_refused', 'Only http and https addresses can be imported');
  }
  if (url.username || url.password) {
    throw new WebPageError('address_refused', 'An address with a user name or password cannot be imported');
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(hostname) !== 0) addresses = [hostname];
  else {
    try {
      addresses = await resolve(hostname);
    } catch {
      throw new WebPageError('page_unreachable', `The address ${url.hostname} does not exist`);
    }
  }
  const verdicts = addresses.map(judge);
  const [first] = addresses;
  if (first === undefined || verdicts.some((verdict) => !verdict.allowed)) {
    throw new WebPageError('address_refused', 'This address is private: only public web pages can be imported');
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!defaultPorts.has(port) && !verdicts.every((verdict) => verdict.byOperator)) {
    throw new WebPageError('address_refused', 'Only web pages on the ports 80 and 443 can be imported');
  }
  return first;
}

/** Sends one GET to the checked address (never resolved again), with the URL's host name for HTTP and TLS. */
function requestPage(url: URL, address: string, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        host: address,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: false,
        signal,
        headers: {
          host: url.host,
          accept: 'text/html,application/xhtml+xml',
          'accept-encoding': 'identity',
          'user-agent': 'Folio (article import)',
        },
        ...(url.protocol === 'https:' && hostname !== address ? { servername: hostname } : {}),
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/** The body's text, counted while it arrives: more than `maxBytes` stops it. */
async function readBody(response: IncomingMessage, maxBytes: number, charset: string | undefined): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  const bytes = Buffer.concat(chunks);
  const declaredCharset =
    charset ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declaredCharset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const tooLarge = (maxBytes: number) =>
  new WebPageError('page_too_large', `The page is larger than ${Math.round(maxBytes / 1024)} KB`);

/**
 * A fetcher that reaches public addresses only. Each address, the first and every redirect's, is checked before
 * anything is sent to it: every address its host name resolves to must be allowed (`addressPolicy`), then the
 * request goes to the address that was checked, so a name that resolves differently a moment later (DNS rebinding)
 * changes nothing. Redirects are followed by hand, at most `maxRedirects`; only http and https, ports 80 and 443
 * (any port on an address the operator allowed); only HTML; at most `maxBytes`, counted as it arrives; everything,
 * redirects included, within `timeoutMs`.
 */
export function webPageFetcher(settings: WebPageSettings): WebPageFetcher {
  const judge = addressPolicy(settings);
  const resolve = settings.resolve ?? resolveAll;
  return async (address) => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new WebPageError('address_refused', 'This is not a web address');
    }
    const controller = new AbortController();
    const timeout = new WebPageError('page_timeout', `The page did not answer within ${settings.timeoutMs / 1000} s`);
    const timer = setTimeout(() => controller.abort(timeout), settings.timeoutMs);
    const timedOut = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(timeout), { once: true });
    });
    timedOut.catch(() => {});
    try {
      for (let hop = 0; ; hop++) {
        const target = await Promise.race([checkedAddress(url, judge, resolve), timedOut]);
        const response = await Promise.race([requestPage(url, target, controller.signal), timedOut]);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          if (hop >= maxRedirects) {
            throw new WebPageError('page_unreachable', `The page redirects more than ${maxRedirects} times`);
          }
          url = new URL(location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          throw new WebPageError('page_unreachable', `The page answered with the status ${status}`);
        }
        const [type = '', ...parameters] = (response.headers['content-type'] ?? '').split(';');
        const encoding = response.headers['content-encoding'];
        if (!htmlTypes.has(type.trim().toLowerCase()) || (encoding && encoding !== 'identity')) {
          response.destroy();
          throw new WebPageError('not_an_article', 'The address is not a web page');
        }
        const charset = parameters
          .map((parameter) => /^\s*charset\s*=\s*"?([\w-]+)"?/i.exec(parameter)?.[1])
          .find(Boolean);
        const html = await Promise.race([readBody(response, settings.maxBytes, charset), timedOut]).finally(() =>
          response.destroy(),
        );
        return { url: url.href, html };
      }
    } catch (error) {
      if (error instanceof WebPageError) throw error;
      if (controller.signal.aborted) throw timeout;
      throw new WebPageError('page_unreachable', 'The page could not be reached');
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  };
}
