import { describe, expect, it } from 'vitest';
import { currentRun, dayIn } from './streak.ts';

describe('currentRun', () => {
  it('counts consecutive days ending today, oldest first', () => {
    expect(currentRun(['2026-03-10', '2026-03-09', '2026-03-08', '2026-03-05'], '2026-03-10')).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
  });

  it('keeps a run that ended yesterday: today can still be learned', () => {
    expect(currentRun(['2026-03-09', '2026-03-08'], '2026-03-10')).toEqual(['2026-03-08', '2026-03-09']);
  });

  it('breaks once a whole day is missed', () => {
    expect(currentRun(['2026-03-08', '2026-03-07'], '2026-03-10')).toEqual([]);
  });

  it('crosses month ends', () => {
    expect(currentRun(['2026-03-01', '2026-02-28'], '2026-03-01')).toEqual(['2026-02-28', '2026-03-01']);
  });
});

describe('dayIn', () => {
  it('follows the time zone', () => {
    const moment = new Date('2026-03-10T23:30:00Z');
    expect(dayIn('UTC', moment)).toBe('2026-03-10');
    expect(dayIn('Asia/Tokyo', moment)).toBe('2026-03-11');
    expect(dayIn('America/New_York', moment)).toBe('2026-03-10');
  });
});
