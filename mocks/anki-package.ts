import type { AnkiTools } from '@/contract/anki-package';

let tools: Promise<AnkiTools> | undefined;

/**
 * sql.js and fflate for the mocks' Anki packages, loaded at the first one: the app's first load carries neither. In
 * the browser sql.js fetches its WebAssembly from the address Vite gives it; under Node it reads its own file.
 */
export function ankiTools(): Promise<AnkiTools> {
  tools ??= (async () => {
    const [{ default: initSqlJs }, { zipSync }] = await Promise.all([import('sql.js'), import('fflate')]);
    const underNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
    const wasm = underNode ? undefined : (await import('sql.js/dist/sql-wasm-browser.wasm?url')).default;
    const sqlite = await initSqlJs(wasm ? { locateFile: () => wasm } : {});
    return { sqlite, zip: (files) => zipSync(files, { level: 1 }) };
  })();
  return tools;
}
