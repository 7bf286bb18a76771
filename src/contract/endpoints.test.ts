import { expect, it } from 'vitest';
import { endpoints } from './endpoints';
import type { Endpoint } from './endpoints/endpoint';

const resources = import.meta.glob<Record<string, unknown>>('./endpoints/*.ts', { eager: true });

/** Each resource file's record of calls, by the file's name. */
const callsByResource = Object.entries(resources).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Endpoints'))
    .map(([, record]) => [file, record as Record<string, Endpoint>] as const),
);

it('composes every call of every resource file, each name in one file only', () => {
  const names = callsByResource.flatMap(([, record]) => Object.keys(record));
  expect(callsByResource.length).toBeGreaterThan(10);
  expect(new Set(names).size).toBe(names.length);
  expect(Object.keys(endpoints).sort()).toEqual([...names].sort());
  for (const [, record] of callsByResource) {
    for (const [name, call] of Object.entries(record)) expect(endpoints[name as keyof typeof endpoints]).toBe(call);
  }
});

it('gives each method and path one call', () => {
  const routes = Object.values(endpoints).map((call) => `${call.method} ${call.path}`);
  expect(new Set(routes).size).toBe(routes.length);
});
