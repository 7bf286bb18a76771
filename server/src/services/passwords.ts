import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function optionsFor(logN: number): ScryptOptions {
  const N = 2 ** logN;
  return { N, r: 8, p: 1, maxmem: 256 * N * 8 };
}

/**
 * scrypt with OWASP's parameters by default (N = 2^17, r = 8, p = 1), stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` so the cost can rise later without breaking old hashes.
 */
export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, optionsFor(logN));
  return ['scrypt', logN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !salt || !key || r !== '8' || p !== '1') return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), optionsFor(Number(logN)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
