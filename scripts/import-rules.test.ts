import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const probes: string[] = [];

/** Writes a file that breaks one import rule and lints it with the project's own configuration. */
async function lint(relativePath: string, source: string) {
  const file = path.join(root, relativePath);
  probes.push(file);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, source);
  try {
    await run(path.join(root, 'node_modules/.bin/biome'), ['lint', relativePath], { cwd: root });
    return { failed: false, output: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}${stderr}` };
  }
}

afterEach(async () => {
  await Promise.all(probes.splice(0).map((file) => rm(file, { force: true })));
});

describe('the import direction of STYLE.md fails lint when broken', () => {
  it('src/contract imports only zod', async () => {
    const result = await lint(
      'src/contract/zz-probe.ts',
      "import { useState } from 'react';\nexport const x = useState;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('src/contract imports only zod');
  });

  it('server/ imports nothing from src/ but the contract', async () => {
    const result = await lint(
      'server/src/zz-probe.ts',
      "import { fetchDetails } from '../../src/api/client.ts';\nexport const x = fetchDetails;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('server/ imports only src/contract');
  });

  it('src/ never imports server/', async () => {
    const result = await lint(
      'src/api/zz-probe.ts',
      "import { buildApp } from '../../server/src/app.ts';\nexport const x = buildApp;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('src/ never imports server/');
  });

  it('features do not import each other', async () => {
    const result = await lint(
      'src/features/reader/zz-probe.ts',
      "import { BrowseScreen } from '@/features/browse/browse-screen';\nexport const x = BrowseScreen;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('Features do not import each other');
  });

  it('lets a file follow the rules', async () => {
    const result = await lint('src/contract/zz-probe.ts', "import { z } from 'zod';\nexport const x = z.string();\n");
    expect(result.failed).toBe(false);
  });
});
