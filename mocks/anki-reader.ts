import type { AnkiNoteRead, AnkiNoteTypeRead } from '@/contract/anki-import';
import type { AnkiRefusal } from '@/contract/envelope';
import { sqlJs } from './anki-package';

/** A package the mocks cannot read, with the server's code. */
export class MockAnkiRefusal extends Error {
  readonly code: AnkiRefusal;
  constructor(code: AnkiRefusal, message: string) {
    super(message);
    this.code = code;
  }
}

/** A field's text as the mocks read it: tags dropped, a few entities decoded, clozes unwrapped. */
const plain = (html: string) =>
  html
    .replace(/\[sound:[^\]]*\]/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\{\{c\d+::(.*?)(::[^}]*)?\}\}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * An Anki package's note types and notes, read in the mocks with sql.js and fflate: the collection Anki's rule
 * chooses (without the `meta` file's version) and its schema-11 tables. The server's reader
 * (`server/src/services/imports/anki-package.ts`) checks far more (sizes, integrity, caps); the mocks answer the same
 * codes for the packages the tests bring.
 */
export async function readMockAnkiPackage(
  bytes: Uint8Array,
): Promise<{ noteTypes: AnkiNoteTypeRead[]; notes: AnkiNoteRead[] }> {
  const [sqlite, { unzipSync }] = await Promise.all([sqlJs(), import('fflate')]);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new MockAnkiRefusal('anki_not_zip', 'The file is not a zip archive');
  }
  const name = ['collection.anki21', 'collection.anki21b', 'collection.anki2'].find((file) => files[file]);
  const collection = name ? files[name] : undefined;
  if (!collection) throw new MockAnkiRefusal('anki_no_collection', 'The zip archive holds no Anki collection');
  if (name === 'collection.anki21b' || files.meta?.[1] === 3) {
    throw new MockAnkiRefusal(
      'anki_new_format_only',
      'The package is in the newest Anki format only: export it with "Support older Anki versions"',
    );
  }
  try {
    const db = new sqlite.Database(collection);
    try {
      const models = JSON.parse(String(db.exec('SELECT models FROM col')[0]?.values[0]?.[0])) as Record<
        string,
        { id: number | string; name: string; flds: Array<{ name: string; ord: number }> }
      >;
      const noteTypes = Object.values(models).map((model) => ({
        id: Number(model.id),
        name: model.name,
        fields: model.flds.toSorted((a, b) => a.ord - b.ord).map((field) => field.name),
        notes: 0,
      }));
      const rows =
        db.exec(`SELECT n.mid, n.flds, min(c.queue = -1),
          max(CASE WHEN c.queue <> -1 AND c.type <> 0 THEN max(c.ivl, 0) END)
          FROM notes n LEFT JOIN cards c ON c.nid = n.id GROUP BY n.id ORDER BY n.id`)[0]?.values ?? [];
      if (rows.length === 0) throw new MockAnkiRefusal('anki_empty', 'The Anki collection has no notes');
      const notes = rows.map(([mid, flds, suspended, days]) => {
        const type = noteTypes.find((item) => item.id === Number(mid));
        if (type) type.notes += 1;
        const fields = String(flds).split('\x1f').map(plain);
        return {
          noteTypeId: Number(mid),
          fields: Array.from({ length: type?.fields.length ?? fields.length }, (_, index) => fields[index] ?? ''),
          intervalDays: typeof days === 'number' ? days : null,
          suspended: suspended === 1,
        };
      });
      return { noteTypes, notes };
    } finally {
      db.close();
    }
  } catch (error) {
    if (error instanceof MockAnkiRefusal) throw error;
    throw new MockAnkiRefusal('anki_corrupt', 'The Anki collection could not be read');
  }
}
