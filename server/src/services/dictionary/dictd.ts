import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** dictd's index numbers: base64 digits, most significant first. */
export function decodeDictdNumber(text: string): number {
  let value = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit === -1) throw new Error(`Invalid dictd number "${text}"`);
    value = value * 64 + digit;
  }
  return value;
}

export type DictdEntry = { headword: string; definition: string };

/**
 * Reads a dictd dictionary: the `.index` (headword, offset, length per line) and the `.dict.dz` (dictzip, which
 * gunzip reads whole) or plain `.dict`. Metadata entries (`00database…`) are left out. Throws on any line that
 * does not parse or points outside the data, so a broken file is refused whole.
 */
export async function readDictd(indexPath: string, dictPath: string): Promise<DictdEntry[]> {
  const raw = await readFile(dictPath);
  const data = dictPath.endsWith('.dz') ? gunzipSync(raw) : raw;
  const lines = (await readFile(indexPath, 'utf8')).split('\n');
  const entries: DictdEntry[] = [];
  for (const [number, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const [headword = '', offsetText, lengthText] = line.split('\t');
    if (!offsetText || !lengthText) throw new Error(`Line ${number + 1} of the index does not parse`);
    const offset = decodeDictdNumber(offsetText);
    const length = decodeDictdNumber(lengthText);
    if (offset + length > data.length) throw new Error(`Line ${number + 1} of the index points past the data`);
    // Metadata entries and the empty headwords some FreeDict indexes carry are not words.
    if (!headword.trim() || headword.startsWith('00database') || headword.startsWith('00-database')) continue;
    entries.push({ headword, definition: data.subarray(offset, offset + length).toString('utf8') });
  }
  return entries;
}
