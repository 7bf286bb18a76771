import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { path: string; headers: IncomingMessage['headers']; body: unknown };

/** A local HTTP server standing in for a translation provider: it records requests and answers from a function. */
export async function startFakeProvider(answer: (request: ReceivedRequest) => { status?: number; body: unknown }) {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined };
      received.push(request);
      const { status = 200, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
