import { connect } from 'node:net';
import { expect, it, vi } from 'vitest';
import { errorEnvelopeSchema } from '#contract/envelope.ts';
import { buildTestApp } from './build-test-app.ts';

it('answers a request that arrives while the server shuts down with a 503 envelope', async () => {
  const app = await buildTestApp();
  let release = () => {};
  const started = new Promise<void>((resolve) => {
    app.get('/api/v1/test-slow', async () => {
      resolve();
      await new Promise<void>((done) => {
        release = done;
      });
      return { ok: true };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = connect(address.port, '127.0.0.1');
  let raw = '';
  socket.on('data', (chunk) => {
    raw += chunk.toString();
  });
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  // The first request is in flight when the shutdown starts; the second arrives on the same connection after.
  socket.write('GET /api/v1/test-slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await started;
  const closed = app.close();
  await vi.waitFor(() => expect(app.server.listening).toBe(false));
  socket.write('GET /api/v1/content/en HTTP/1.1\r\nHost: localhost\r\n\r\n');
  release();
  await ended;
  await closed;
  const answers = raw.split(/(?=HTTP\/1\.1 )/);
  const refused = answers.find((answer) => answer.startsWith('HTTP/1.1 503 ')) ?? '';
  expect(answers.some((answer) => answer.startsWith('HTTP/1.1 200 '))).toBe(true);
  const body = refused.slice(refused.indexOf('\r\n\r\n') + 4);
  expect(errorEnvelopeSchema.parse(JSON.parse(body)).details[0]?.code).toBe('unavailable');
});
