import { openDatabase } from '../../server/src/db/client.ts';
import { migrateDatabase } from '../../server/src/db/migrate.ts';
import { readSeedFiles, seedContent } from '../../server/src/services/seed.ts';
import { buildBenchApp, englishPageNear250Words } from '../bench-app.ts';

const RUNS = 200;
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 });
await migrateDatabase(database.pool);
await seedContent(database.db, await readSeedFiles());
const app = await buildBenchApp(database, { wordLimit: 10, name: 'page-time' });
const page = await englishPageNear250Words(database);

async function median(url: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 20; run++) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    if (run >= 20) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

const health = await median('/api/health');
const reader = await median(`/api/v1/content/en/${page.id}/${page.number}`);
const translations = await median(`/api/v1/translations/${page.id}/${page.number}/de/en`);
const mode = database.embedded ? 'embedded PGlite' : 'PostgreSQL';
console.log(`A ${page.words}-word page (content ${page.id}, page ${page.number}), median of ${RUNS}, warm, ${mode}`);
console.log(`page          ${reader.toFixed(2).padStart(6)} ms`);
console.log(`translations  ${translations.toFixed(2).padStart(6)} ms`);
console.log(`together      ${(reader + translations).toFixed(2).padStart(6)} ms   (goal: under 5 ms on PGlite)`);
console.log(
  `/api/health   ${health.toFixed(2).padStart(6)} ms   (baseline: the app's own cost per request; page ÷ baseline ${(reader / health).toFixed(1)}×)`,
);
await app.close();
await database.close();
