/**
 * The local fake YouTube the full-stack journeys give the server (YOUTUBE_BASE_URL): a video with English captions
 * made of the starter library's first text (so the library's glosses translate its words), and one without any.
 *
 *   node e2e/fake-youtube-server.ts [port]
 */
import { readFile } from 'node:fs/promises';
import { startFakeYouTube } from '../server/test/fake-youtube.ts';

type SeedFile = { categories: { subCategories: { contents: { pages: { text: string }[] }[] }[] }[] };

const port = Number(process.argv[2] ?? 4320);
const seed = JSON.parse(await readFile(new URL('../server/seed/content/en.json', import.meta.url), 'utf8')) as SeedFile;
const text = seed.categories[0]?.subCategories[0]?.contents[0]?.pages[0]?.text ?? 'Hello there.';
const sentences = text.split(/(?<=[.!?”])\s+/).filter(Boolean);
const captions = sentences.map((sentence, index) => ({ start: index * 3, dur: 3, text: sentence }));

const fake = await startFakeYouTube(
  { lakewalk001: { captions: { en: captions } }, nocaptions1: { captions: {} } },
  port,
);
process.stdout.write(`fake YouTube at ${fake.baseUrl}\n`);
