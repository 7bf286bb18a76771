import { describe, expect, it } from 'vitest';
import { levelFromDescription } from './entities';

describe("a starter text's level in its description", () => {
  it('is taken from the head', () => {
    expect(levelFromDescription('B2 · A long story')).toEqual({ level: 'B2', description: 'A long story' });
  });

  it('is none when the description has no head', () => {
    expect(levelFromDescription('A1 or A2 · maybe')).toEqual({ level: null, description: 'A1 or A2 · maybe' });
  });
});
