/**
 * The modules of the server, the mocks and the contract form no circle, type-only imports included: with the floors
 * of `scripts/import-rules.ts` (enforced by Biome), every server import runs down the stack, and in the mocks handlers
 * import state, never the other way. Reads every module under each folder and follows its imports within it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** Every relative (or `@mocks/`) import of a module: static, type-only, re-exports, side-effect and dynamic ones. */
function importsOf(source: string): string[] {
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'((?:\.{1,2}|@mocks)\/[^']+)'/gm;
  return [...source.matchAll(pattern)].map(([, specifier]) => specifier ?? '');
}

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The file an import names: as written (the server's `.ts`), else as the bundler finds it (the mocks' `./db`). */
function resolveImport(from: string, specifier: string): string {
  const base = specifier.startsWith('@mocks/')
    ? path.join(root, 'mocks', specifier.slice('@mocks/'.length))
    : path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(isFile) ?? base;
}

/** The import graph of the modules under a folder, by their paths relative to it. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules(dir)) {
    const targets = importsOf(readFileSync(file, 'utf8')).map((specifier) =>
      path.relative(dir, resolveImport(file, specifier)),
    );
    graph.set(path.relative(dir, file), targets);
  }
  return graph;
}

/** The circles of a graph (strongly connected components of more than one module, or a module importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the imports', () => {
  it.each([
    ['server/src', 50],
    ['mocks', 20],
    ['src/contract', 15],
  ])('of %s form no circle', (folder, modulesAtLeast) => {
    const graph = importGraph(path.join(root, folder));
    expect(graph.size).toBeGreaterThan(modulesAtLeast);
    expect(circles(graph)).toEqual([]);
  });

  it('are all seen, type-only, re-exported and dynamic ones too', () => {
    const source = [
      "import type { Db } from './types.ts';",
      "import './safe-transactions.ts';",
      "export { x } from '../x.ts';",
      "const y = await import('./y.ts');",
      "import { z } from 'zod';",
      "import { mockDb } from '@mocks/db';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./types.ts', './safe-transactions.ts', '../x.ts', './y.ts', '@mocks/db']);
  });

  it('are followed to their files, with or without an extension', () => {
    const handler = path.join(root, 'mocks/handlers/imports.ts');
    expect(path.relative(root, resolveImport(handler, '../db'))).toBe('mocks/db.ts');
    expect(path.relative(root, resolveImport(handler, '@mocks/imports'))).toBe('mocks/imports.ts');
    expect(path.relative(root, resolveImport(path.join(root, 'server/src/app.ts'), './deps.ts'))).toBe(
      'server/src/deps.ts',
    );
  });

  it('would be caught in a circle', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
