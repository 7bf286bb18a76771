import { describe, expect, it } from 'vitest';
import { type AnkiNoteRead, parseAnkiNotes } from './anki-import';

const noteTypes = [{ id: 7, name: 'Basic', fields: ['Front', 'Back'], notes: 3 }];
const note = (front: string, back: string, intervalDays: number | null = null): AnkiNoteRead => ({
  noteTypeId: 7,
  fields: [front, back],
  intervalDays,
  suspended: false,
});
const read = (notes: AnkiNoteRead[], mapping: Parameters<typeof parseAnkiNotes>[2]['mapping'] = []) =>
  parseAnkiNotes({ count: notes.length, at: (index) => notes[index] ?? note('', '') }, noteTypes, {
    mapping,
    language: 'de',
  });

describe('Anki notes as rows', () => {
  it('reads the first field as the word and the second as the meaning when the learner chose none', () => {
    expect(read([note('Hund', 'dog', 30)]).rows).toMatchObject([{ line: 1, word: 'hund', level: 4, meaning: 'dog' }]);
  });

  it('ignores a chosen field the note type does not have', () => {
    const parsed = read([note('Hund', 'dog')], [{ noteTypeId: 7, word: 0, meaning: 5, sentence: null, note: null }]);
    expect(parsed.noteTypes[0]?.choice.meaning).toBeNull();
  });

  it('checks words as every format does: a number is a problem with its note number', () => {
    expect(read([note('Hund', 'dog'), note('42', 'forty-two')]).problems).toEqual([
      { line: 2, reason: 'not_a_word', word: '42' },
    ]);
  });

  it('shows at most three values of each field', () => {
    const parsed = read(['eins', 'zwei', 'drei', 'vier'].map((word) => note(word, '')));
    expect(parsed.noteTypes[0]?.fields).toEqual([
      { name: 'Front', samples: ['eins', 'zwei', 'drei'] },
      { name: 'Back', samples: [] },
    ]);
  });
});
