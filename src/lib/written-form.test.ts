import { describe, expect, it } from 'vitest';
import { writtenForm } from './written-form';

describe('writtenForm', () => {
  it('writes the word as its sentence does: a German noun keeps its capital', () => {
    expect(writtenForm('Ich sehe den Hund im Garten.', 'hund')).toBe('Hund');
    expect(writtenForm('Then I went home.', 'i')).toBe('I');
  });

  it('takes no case from the word that opens the sentence, even behind a quote', () => {
    expect(writtenForm('Die Katze schläft.', 'die')).toBe('die');
    expect(writtenForm('« Hund ! »', 'hund')).toBe('hund');
    expect(writtenForm('Die Katze sieht die Maus.', 'die')).toBe('die');
  });

  it('keeps the saved word without a sentence, or when the sentence lacks it', () => {
    expect(writtenForm(null, 'hund')).toBe('hund');
    expect(writtenForm('Eine Katze.', 'hund')).toBe('hund');
  });
});
