import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules/.bin/vite');

async function waitForServer(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Builds the SPA with its mocks for benchmarks (`vite build --mode bench`, unless BENCH_SKIP_BUILD) and serves it on
 * a port; resolves once it answers. `stop()` ends the server.
 */
export async function serveBenchBuild(port: number): Promise<{ base: string; stop: () => void }> {
  const outDir = process.env.BENCH_OUT_DIR ?? 'dist-bench';
  console.log(`Building the benchmark (vite build --mode bench) into ${outDir} …`);
  if (!process.env.BENCH_SKIP_BUILD) {
    execFileSync(vite, ['build', '--mode', 'bench', '--outDir', outDir], { cwd: root, stdio: 'ignore' });
  }
  const server: ChildProcess = spawn(
    vite,
    ['preview', '--mode', 'bench', '--outDir', outDir, '--port', String(port), '--strictPort'],
    { cwd: root, stdio: 'ignore' },
  );
  const base = `http://localhost:${port}`;
  try {
    await waitForServer(base);
  } catch (error) {
    server.kill();
    throw error;
  }
  return { base, stop: () => server.kill() };
}
