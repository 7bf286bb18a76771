import type { SqlJsStatic } from 'sql.js';
import type { AnkiTools } from '@/contract/anki-package';

let sqlite: Promise<SqlJsStatic> | undefined;
let tools: Promise<AnkiTools> | undefined;

/**
 * sql.js for the mocks' Anki packages, loaded at the first one: the app's first load carries none of it. In the
 * browser sql.js fetches its WebAssembly from the address Vite gives it; under Node it reads its own file.
 */
export function sqlJs(): Promise<SqlJsStatic> {
  sqlite ??= (async () => {
    const { default: initSqlJs } = await import('sql.js');
    const underNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
    const wasm = underNode ? undefined : (await import('sql.js/dist/sql-wasm-browser.wasm?url')).default;
    return initSqlJs(wasm ? { locateFile: () => wasm } : {});
  })();
  return sqlite;
}

/** sql.js and fflate for the mocks' Anki exports. */
export function ankiTools(): Promise<AnkiTools> {
  tools ??= (async () => {
    const [sqlite, { zipSync }] = await Promise.all([sqlJs(), import('fflate')]);
    return { sqlite, zip: (files) => zipSync(files, { level: 1 }) };
  })();
  return tools;
}
