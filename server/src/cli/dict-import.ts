/**
 * `npm run dict:import -- <files or folders>`: loads FreeDict dictionaries in dictd format (`name.index` beside
 * `name.dict.dz` or `name.dict`) into the dictionary the translation chain consults. Each file is one transaction;
 * a broken file is reported and leaves nothing behind, and the others still load.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { DataDirectoryInUseError, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { holdEventLoop } from '../event-loop.ts';
import { type DictionaryFile, importDictionary } from '../services/dictionary/import.ts';

// Held until the explicit exit at the end (event-loop.ts says why the loop must not run empty).
holdEventLoop();

async function dictionaryFiles(args: readonly string[]): Promise<DictionaryFile[]> {
  const indexes: string[] = [];
  for (const arg of args) {
    const info = await stat(arg);
    if (info.isDirectory()) {
      for (const name of await readdir(arg)) if (name.endsWith('.index')) indexes.push(path.join(arg, name));
    } else if (arg.endsWith('.index')) {
      indexes.push(arg);
    } else if (arg.endsWith('.dict.dz') || arg.endsWith('.dict')) {
      indexes.push(arg.replace(/\.dict(\.dz)?$/, '.index'));
    }
  }
  const files: DictionaryFile[] = [];
  for (const indexPath of [...new Set(indexes)].sort()) {
    const base = indexPath.slice(0, -'.index'.length);
    const dictPath = (await stat(`${base}.dict.dz`).catch(() => undefined)) ? `${base}.dict.dz` : `${base}.dict`;
    files.push({ indexPath, dictPath, name: path.basename(base) });
  }
  return files;
}

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('Usage: npm run dict:import -- <file.index | file.dict.dz | folder> …');
  process.exit(2);
}
const files = await dictionaryFiles(args);
if (files.length === 0) {
  console.error('No dictd dictionaries (.index with .dict.dz or .dict) found.');
  process.exit(2);
}

const config = loadConfig();
/** A running server's embedded database is refused: each file's long transaction would stall the app meanwhile. */
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 2,
  // One file is one long transaction of large batches: no 10-second query limit here.
  timeouts: { connectMs: config.databaseTimeouts.connectMs, queryMs: 600_000 },
}).catch((error: unknown) => {
  if (!(error instanceof DataDirectoryInUseError)) throw error;
  console.error(`${error.message}\nImport dictionaries while the server is stopped.`);
  process.exit(1);
});
let failed = 0;
try {
  await migrateDatabase(database.pool);
  for (const file of files) {
    try {
      const report = await importDictionary(database.db, file, (done, total) => {
        process.stdout.write(`\r${file.name}: ${done}/${total} headwords`);
      });
      process.stdout.write('\n');
      console.log(
        `${report.name}: read ${report.read}, inserted ${report.inserted}, updated ${report.updated}, ` +
          `unchanged ${report.unchanged}, skipped ${report.skipped}, with a base form ${report.withLemma}`,
      );
    } catch (error) {
      failed++;
      process.stdout.write('\n');
      console.error(`${file.name}: failed, nothing imported (${error instanceof Error ? error.message : error})`);
    }
  }
} finally {
  await database.close();
}
console.log(`${files.length - failed} imported, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
