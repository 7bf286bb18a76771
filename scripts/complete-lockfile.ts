/**
 * Our package registry serves the native binaries of optional platform packages (biome, rolldown, …) only for
 * the platform it runs on, so `npm install` leaves the other platforms out of package-lock.json and `npm ci`
 * then refuses the lock as incomplete. This adds the missing entries, marked optional and tagged with the
 * platform their name states, so npm ci skips them on every other platform, as it would with full entries.
 * Run it after any `npm install` that changes the lock: `npm run lockfile:complete`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
};

const lockPath = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;

const systems = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'openharmony', 'sunos', 'aix'];
const cpus = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const words = name.split('/').at(-1)?.split('-') ?? [];
  const os = systems.find((system) => words.includes(system));
  const cpu = cpus.find((c) => words.includes(c));
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  if (!os) return { os: ['none'] };
  const libc = words.includes('musl') ? ['musl'] : os === 'linux' ? ['glibc'] : undefined;
  return { os: [os], ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc } : {}) };
}

/** Where Node would find `name` from `from`: the nearest node_modules up the tree that has it. */
function resolvedEntry(from: string, name: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const found = packages[dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`];
    if (found || !dir) return found;
    const index = dir.lastIndexOf('/node_modules/');
    dir = index === -1 ? '' : dir.slice(0, index);
  }
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const version = range.replace(/^[\^~=]/, '');
    const found = resolvedEntry(location, name);
    if (found && (found.version === version || !/^\d+\.\d+\.\d+/.test(range))) continue;
    const key = packages[`node_modules/${name}`] ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
