import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PageHandler = (request: IncomingMessage, response: ServerResponse) => void;

export type LocalPages = {
  /** `http://<host>:<port>` */
  origin: string;
  /** The paths asked for, in order: a server the import must never reach shows none. */
  requests: string[];
  close: () => Promise<void>;
};

/** An HTML page as a handler. */
export const htmlPage =
  (html: string, type = 'text/html; charset=utf-8'): PageHandler =>
  (_, response) => {
    response.writeHead(200, { 'content-type': type });
    response.end(html);
  };

/** A local web server for the imports by address: each path its handler, anything else a 404 (any free port unless given). */
export async function startLocalPages(
  pages: Record<string, PageHandler>,
  host = '127.0.0.1',
  port = 0,
): Promise<LocalPages> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const handler = pages[new URL(request.url ?? '/', 'http://local').pathname];
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
