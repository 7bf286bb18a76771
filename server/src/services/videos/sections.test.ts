import { describe, expect, it } from 'vitest';
import { cleanCueText, mergeCues, transcriptSections } from './sections.ts';

describe('caption cues into sections', () => {
  it('joins fragments into sentences, each starting when its first fragment does', () => {
    const merged = mergeCues([
      { text: 'Today we walk', start: 0 },
      { text: 'around the lake.', start: 1.5 },
      { text: 'Look!', start: 3 },
    ]);
    expect(merged).toEqual([
      { text: 'Today we walk around the lake.', offset: 0 },
      { text: 'Look!', offset: 3 },
    ]);
  });

  it('closes a section across a long pause even without a full stop', () => {
    expect(
      mergeCues([
        { text: 'and then', start: 0 },
        { text: 'much later', start: 10 },
      ]).map((s) => s.offset),
    ).toEqual([0, 10]);
  });

  it('strips tags, styling and music notes', () => {
    expect(cleanCueText('<i>♪ Hello</i> {\\an8}<font color="red">there</font>')).toBe('Hello there');
  });

  it('tokenises as texts are: ids run on, words lowercased', () => {
    const sections = transcriptSections(
      [
        { text: 'Hello World.', start: 2 },
        { text: 'Bye.', start: 5 },
      ],
      'en',
    );
    expect(sections.map((section) => section.offset)).toEqual([2, 5]);
    expect(sections[1]?.tokens[0]).toMatchObject({ id: 4, lowercase: 'bye', isWord: true });
  });
});
