import { describe, expect, it } from 'vitest';
import { followGraceMs, followsPlayback, formatTimestamp, scrolledPast, sectionAt } from './playback';

describe('sectionAt', () => {
  const offsets = [0, 2.5, 5, 9.75, 14];
  it.each([
    [-1, -1],
    [0, 0],
    [2.4, 0],
    [2.5, 1],
    [9.8, 3],
    [500, 4],
  ])('at %d s is section %d', (time, index) => {
    expect(sectionAt(offsets, time)).toBe(index);
  });

  it('finds nothing in an empty transcript', () => {
    expect(sectionAt([], 3)).toBe(-1);
  });

  it('agrees with a linear search over two thousand sections', () => {
    const many = Array.from({ length: 2000 }, (_, index) => index * 3.6);
    for (const time of [0, 1.7, 3.6, 3599.9, 7196.4, 9000]) {
      expect(sectionAt(many, time)).toBe(many.findLastIndex((offset) => offset <= time));
    }
  });
});

describe('followsPlayback', () => {
  it('stops following right after the learner scrolls and resumes after the grace period', () => {
    expect(followsPlayback(10_000, 10_000 + followGraceMs - 1)).toBe(false);
    expect(followsPlayback(10_000, 10_000 + followGraceMs)).toBe(true);
  });
});

describe('formatTimestamp', () => {
  it.each([
    [0, '0:00'],
    [65.9, '1:05'],
    [3725, '1:02:05'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatTimestamp(seconds)).toBe(text);
  });
});

describe('scrolledPast', () => {
  it('is past 90 % only near the end, and always when nothing scrolls', () => {
    expect(scrolledPast({ scrollTop: 800, scrollHeight: 1100, clientHeight: 200 }, 0.9)).toBe(false);
    expect(scrolledPast({ scrollTop: 810, scrollHeight: 1100, clientHeight: 200 }, 0.9)).toBe(true);
    expect(scrolledPast({ scrollTop: 0, scrollHeight: 100, clientHeight: 200 }, 0.9)).toBe(true);
  });
});
