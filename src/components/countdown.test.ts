import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDayCountdown } from './countdown';

describe('countdowns', () => {
  it('shows hours, minutes and seconds', () => {
    expect(formatCountdown((3 * 3600 + 4 * 60 + 5) * 1000)).toBe('03:04:05');
  });

  it('shows days before them for the video limit', () => {
    expect(formatDayCountdown(((6 * 24 + 23) * 3600 + 59 * 60 + 58) * 1000)).toBe('6:23:59:58');
  });

  it('never goes below zero', () => {
    expect(formatDayCountdown(-5000)).toBe('0:00:00:00');
  });
});
