import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from './time-zone';

describe('browserTimeZone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks Temporal when the browser has it, without building a date formatter', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Tokyo' } });
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    expect(formatter).not.toHaveBeenCalled();
  });

  it('falls back on Intl where Temporal is missing', () => {
    vi.stubGlobal('Temporal', undefined);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
