import { z } from 'zod/mini';
import type { WordLevel } from './entities.ts';
import type { LearningLanguage } from './languages.ts';
import { drained, type ParsedWordFile, WordRowCollector } from './word-import.ts';

/**
 * An Anki package's notes as a word file's rows (issue #30, docs/decisions/0040): the learner says which field of
 * each note type is the word, the meaning, the sentence and the note; the level comes from the note's cards. Pure
 * code, shared by the server (which reads the package in a worker) and the mocks, so both make the same rows of the
 * same notes.
 */

/** A field's position in its note type, or null for none (a note type whose word is none is left out). */
const fieldIndexSchema = z.nullable(z.int().check(z.minimum(0), z.maximum(99)));

/** Which field of a note type fills what. */
export const ankiFieldChoiceSchema = z.object({
  word: fieldIndexSchema,
  meaning: fieldIndexSchema,
  sentence: fieldIndexSchema,
  note: fieldIndexSchema,
});
export type AnkiFieldChoice = z.infer<typeof ankiFieldChoiceSchema>;
export const ankiFieldRoles = ['word', 'meaning', 'sentence', 'note'] as const;
export type AnkiFieldRole = (typeof ankiFieldRoles)[number];

/** The preview request's `mapping` field (JSON): a choice per note type; a note type not listed takes the default. */
export const ankiMappingSchema = z
  .array(z.extend(ankiFieldChoiceSchema, { noteTypeId: z.int() }))
  .check(z.maxLength(100));
export type AnkiMapping = z.infer<typeof ankiMappingSchema>;

/** How many values of a field the preview shows, each cut to this many characters. */
export const ankiSamplesPerField = 3;
export const ankiSampleLength = 60;

/** A note type of the package as the preview shows it: its fields with a few values, and the choice applied. */
export const ankiNoteTypeSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  notes: z.int().check(z.minimum(0)),
  fields: z.array(z.object({ name: z.string(), samples: z.array(z.string()) })),
  choice: ankiFieldChoiceSchema,
});
export type AnkiNoteTypeSummary = z.infer<typeof ankiNoteTypeSummarySchema>;

/** What the reader gives of a note type and of a note (the server's `AnkiNoteType`, `AnkiNote`). */
export type AnkiNoteTypeRead = { id: number; name: string; fields: string[]; notes: number };
export type AnkiNoteRead = { noteTypeId: number; fields: string[]; intervalDays: number | null; suspended: boolean };

/** A Folio level as Anki's scheduling suggests it. */
export type AnkiLevel = 1 | 2 | 3 | 4;

/** The level a note is imported at: new 1, 1–6 days 2, 7–20 days 3, 21 and more 4; null (skipped) when suspended. */
export function levelOfNote(note: Pick<AnkiNoteRead, 'intervalDays' | 'suspended'>): AnkiLevel | null {
  if (note.suspended) return null;
  const days = note.intervalDays ?? 0;
  if (days >= 21) return 4;
  if (days >= 7) return 3;
  if (days >= 1) return 2;
  return 1;
}

/** The choice a note type starts with: its first field is the word, its second the meaning. */
export const defaultAnkiChoice = (fieldCount: number): AnkiFieldChoice => ({
  word: fieldCount > 0 ? 0 : null,
  meaning: fieldCount > 1 ? 1 : null,
  sentence: null,
  note: null,
});

/** A field index a note type has, or null. */
const fieldOf = (index: number | null, fieldCount: number) => (index !== null && index < fieldCount ? index : null);

function choicesOf(noteTypes: readonly AnkiNoteTypeRead[], mapping: AnkiMapping): Map<number, AnkiFieldChoice> {
  const chosen = new Map(mapping.map(({ noteTypeId, ...choice }) => [noteTypeId, choice]));
  return new Map(
    noteTypes.map((type) => {
      const choice = chosen.get(type.id) ?? defaultAnkiChoice(type.fields.length);
      const count = type.fields.length;
      return [
        type.id,
        {
          word: fieldOf(choice.word, count),
          meaning: fieldOf(choice.meaning, count),
          sentence: fieldOf(choice.sentence, count),
          note: fieldOf(choice.note, count),
        },
      ];
    }),
  );
}

export type ParsedAnkiPackage = ParsedWordFile & { noteTypes: AnkiNoteTypeSummary[] };

/** Notes between two pauses of a sliced read. */
const notesPerSlice = 2_000;

/**
 * The notes as rows, a slice at a time (the generator pauses every few thousand notes): note `i` is "line" `i + 1`.
 * Words go through the same checks as a word file's; a suspended note is a `suspended_note` problem; the notes of a
 * note type whose word is none are left out without one. `language` is the learner's current language.
 */
export function* ankiNoteSlices(
  notes: { count: number; at: (index: number) => AnkiNoteRead },
  noteTypes: readonly AnkiNoteTypeRead[],
  { mapping, language }: { mapping: AnkiMapping; language: LearningLanguage },
): Generator<void, ParsedAnkiPackage> {
  const choices = choicesOf(noteTypes, mapping);
  const samples = new Map(noteTypes.map((type) => [type.id, type.fields.map((): string[] => [])]));
  const into = new WordRowCollector();
  const text = (fields: string[], index: number | null) => (index === null ? null : (fields[index] ?? null));
  for (let index = 0; index < notes.count; index += 1) {
    const note = notes.at(index);
    const line = index + 1;
    samples.get(note.noteTypeId)?.forEach((values, field) => {
      const value = note.fields[field]?.trim() ?? '';
      if (values.length < ankiSamplesPerField && value !== '') values.push(value.slice(0, ankiSampleLength));
    });
    const choice = choices.get(note.noteTypeId);
    if (!choice || choice.word === null) into.repeated += 1;
    else {
      const level = levelOfNote(note);
      const word = text(note.fields, choice.word) ?? '';
      if (level === null) into.problem(line, 'suspended_note', word);
      else {
        into.add({
          line,
          language,
          word,
          level: level satisfies WordLevel,
          meaning: text(note.fields, choice.meaning),
          note: text(note.fields, choice.note),
          sentence: text(note.fields, choice.sentence),
        });
      }
    }
    if (line % notesPerSlice === 0) yield;
  }
  return {
    ...into.result('anki'),
    noteTypes: noteTypes.map((type) => ({
      id: type.id,
      name: type.name,
      notes: type.notes,
      fields: type.fields.map((name, field) => ({ name, samples: samples.get(type.id)?.[field] ?? [] })),
      choice: choices.get(type.id) ?? defaultAnkiChoice(type.fields.length),
    })),
  };
}

/** All the notes at once (the mocks, tests). */
export const parseAnkiNotes = (...args: Parameters<typeof ankiNoteSlices>) => drained(ankiNoteSlices(...args));

/** Whether a file's bytes start as a zip does: an Anki package, whatever the learner chose as its format. */
export const looksLikeZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
