import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
});

it("logs a failed query's error without its parameters: no email, no password hash", async () => {
  const lines: string[] = [];
  app = await buildTestApp({ logStream: { write: (line) => void lines.push(line) } });
  // A NUL character reaches the database and fails the insert of the new user (email and scrypt hash as parameters).
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: {
      username: 'secretive',
      email: 'secret.person\u0000@example.com',
      password: 'reading42',
      confirmPassword: 'reading42',
    },
  });
  // Until every string is checked for control characters at the boundary (#10, point 3), this is a 500.
  expect(response.statusCode).toBe(500);
  const failure = lines.find((line) => line.includes('request failed'));
  expect(failure).toBeDefined();
  const log = lines.join('\n');
  expect(log).not.toContain('scrypt$');
  expect(log).not.toContain('secret.person');
  expect(JSON.parse(failure ?? '{}').err).toMatchObject({ type: expect.any(String), message: expect.any(String) });
});
