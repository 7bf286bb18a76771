import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { importRuleOverrides, readLayout } from './import-rules.ts';

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

  it.each([
    ['src/contract/zz-probe.ts', '../api/client'],
    ['src/contract/zz-probe.ts', '@/api/client'],
    ['src/contract/endpoints/zz-probe.ts', '../../api/client'],
  ])('%s never leaves the contract (%s)', async (file, specifier) => {
    const result = await lint(file, `import { x as y } from '${specifier}';\nexport const x = y;\n`);
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

  const { features } = readLayout();
  it.each(features)('features/%s imports no other feature', async (feature) => {
    const other = features.find((name) => name !== feature);
    const result = await lint(
      `src/features/${feature}/zz-probe.ts`,
      `import { x as y } from '@/features/${other}/zz-none';\nexport const x = y;\n`,
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('Features do not import each other');
  });

  it.each([
    ['components', '@/features/reader/reader-screen'],
    ['api', '@/components/modal'],
    ['stores', '@/api/client'],
    ['lib', '@/stores/ui'],
  ])('src/%s never imports a folder above it (%s)', async (folder, specifier) => {
    const result = await lint(
      `src/${folder}/zz-probe.ts`,
      `import { x as y } from '${specifier}';\nexport const x = y;\n`,
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain(`src/${folder} sits below`);
  });

  it('server/src/services never imports a route', async () => {
    const result = await lint(
      'server/src/services/zz-probe.ts',
      "import { x as y } from '../routes/payments.ts';\nexport const x = y;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('server/src/services never imports plugins, routes');
  });

  it('server/src/db never imports a service', async () => {
    const result = await lint(
      'server/src/db/zz-probe.ts',
      "import { x as y } from '../services/accounts.ts';\nexport const x = y;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('server/src/db never imports');
  });

  it('a folder without a rule fails the generator', () => {
    const layout = readLayout();
    expect(() => importRuleOverrides({ ...layout, src: [...layout.src, 'widgets'] })).toThrow(
      'No import rule for src/widgets',
    );
    expect(() => importRuleOverrides({ ...layout, server: [...layout.server, 'jobs'] })).toThrow(
      'No import rule for server/src/jobs',
    );
  });

  it('lets a file follow the rules', async () => {
    const result = await lint('src/contract/zz-probe.ts', "import { z } from 'zod';\nexport const x = z.string();\n");
    expect(result.failed).toBe(false);
  });

  it("lets a resource's endpoints import the contract's files", async () => {
    const result = await lint(
      'src/contract/endpoints/zz-probe.ts',
      "import { userSchema } from '../entities.ts';\nimport { endpoint } from './endpoint.ts';\nexport const x = [userSchema, endpoint];\n",
    );
    expect(result.failed).toBe(false);
  });
});
