/**
 * The server's modules form no circle, type-only imports included: with the floors of `scripts/import-rules.ts`
 * (enforced by Biome), every import runs down the stack. Reads every module under `server/src/` and follows its
 * relative imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSrc = path.resolve(import.meta.dirname, '../server/src');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** Every relative import of a module: static, type-only, re-exports, side-effect and dynamic ones. */
function importsOf(source: string): string[] {
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm;
  return [...source.matchAll(pattern)].map(([, specifier]) => specifier ?? '');
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

describe("the server's imports", () => {
  it('form no circle', () => {
    const graph = new Map<string, string[]>();
    for (const file of modules(serverSrc)) {
      const targets = importsOf(readFileSync(file, 'utf8')).map((specifier) =>
        path.relative(serverSrc, path.resolve(path.dirname(file), specifier)),
      );
      graph.set(path.relative(serverSrc, file), targets);
    }
    expect(graph.size).toBeGreaterThan(50);
    expect(circles(graph)).toEqual([]);
  });

  it('are all seen, type-only, re-exported and dynamic ones too', () => {
    const source = [
      "import type { Db } from './types.ts';",
      "import './safe-transactions.ts';",
      "export { x } from '../x.ts';",
      "const y = await import('./y.ts');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./types.ts', './safe-transactions.ts', '../x.ts', './y.ts']);
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
