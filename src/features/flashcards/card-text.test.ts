import { describe, expect, it } from 'vitest';
import { formatInterval, intervalOf, sentenceParts } from './card-text';

describe('sentenceParts', () => {
  it('marks the word wherever it stands, whatever its case', () => {
    expect(sentenceParts('Die Katze schläft. katze!', 'katze')).toEqual([
      { text: 'Die ', marked: false },
      { text: 'Katze', marked: true },
      { text: ' schläft. ', marked: false },
      { text: 'katze', marked: true },
      { text: '!', marked: false },
    ]);
  });

  it("marks a phrase's words together across the spaces and commas between them", () => {
    expect(
      sentenceParts('In spite,  of the rain they never give up.', 'in spite of').filter((part) => part.marked),
    ).toEqual([{ text: 'In spite,  of', marked: true }]);
  });

  it('marks whole words only', () => {
    expect(sentenceParts('A cat can catch.', 'cat').filter((part) => part.marked)).toEqual([
      { text: 'cat', marked: true },
    ]);
  });

  it('keeps markup in the sentence as plain text', () => {
    expect(sentenceParts('<b>Haus</b> & Hof', 'haus')).toEqual([
      { text: '<b>', marked: false },
      { text: 'Haus', marked: true },
      { text: '</b> & Hof', marked: false },
    ]);
  });

  it('leaves a sentence without the word whole', () => {
    expect(sentenceParts('axb and ab', 'a.b')).toEqual([{ text: 'axb and ab', marked: false }]);
  });
});

describe('intervals', () => {
  const minute = 60_000;
  const day = 24 * 60 * minute;

  it('picks the unit that reads best', () => {
    expect(intervalOf(10 * minute)).toEqual({ value: 10, unit: 'minute' });
    expect(intervalOf(5 * 60 * minute)).toEqual({ value: 5, unit: 'hour' });
    expect(intervalOf(3 * day)).toEqual({ value: 3, unit: 'day' });
    expect(intervalOf(61 * day)).toEqual({ value: 2, unit: 'month' });
    expect(intervalOf(547 * day)).toEqual({ value: 1.5, unit: 'year' });
  });

  it('never says less than a minute', () => {
    expect(intervalOf(-5000)).toEqual({ value: 1, unit: 'minute' });
  });

  it('words the interval in the interface language', () => {
    expect(formatInterval(10 * minute, 'en')).toBe('10 min');
    expect(formatInterval(3 * day, 'en')).toBe('3 days');
    expect(formatInterval(3 * day, 'de')).toBe('3 Tg.');
  });
});
