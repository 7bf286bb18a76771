import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text the browser downloads (scripts, styles, pictures in SVG, data), not source maps. */
const compressible = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const smallest = 256;

/**
 * Writes a Brotli (`.br`, the highest quality) and a gzip (`.gz`) copy beside every compressible file of `dir`'s
 * assets, for the server to send as they are (@fastify/static `preCompressed`) instead of compressing each response.
 * Answers how many files it compressed.
 */
export async function precompress(dir: string): Promise<number> {
  const folder = path.join(dir, 'assets');
  const names = (await readdir(folder)).filter((name) => compressible.test(name));
  const written = await Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      if ((await stat(file)).size < smallest) return 0;
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      return 1;
    }),
  );
  return written.reduce<number>((sum, one) => sum + one, 0);
}
