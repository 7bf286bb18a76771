import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '@/contract/entities';
import { activateLocale } from '@/i18n/i18n';
import { notificationText } from './notification-text';

const notification = (fields: Partial<Notification>): Notification => ({
  id: 1,
  message: 'The English text the server stored',
  createdAt: '2026-11-25T12:00:00.000Z',
  isRead: false,
  ...fields,
});

afterEach(() => activateLocale('en'));

describe('a notification', () => {
  it('is worded from its code and parameters', () => {
    expect(notificationText(notification({ code: 'welcome', params: { username: 'mara' } }), i18n)).toBe(
      'Welcome to Folio, mara! Tap any word to see its translation and give it a level.',
    );
    expect(notificationText(notification({ code: 'word_limit_grew', params: { reward: 1 } }), i18n)).toBe(
      'Your word limit grew by 1 word. Keep your streak going!',
    );
  });

  it('words the store and import notifications with their numbers and dates', () => {
    expect(notificationText(notification({ code: 'diamonds_added', params: { diamonds: 500 } }), i18n)).toBe(
      'Thank you! 500 diamonds were added to your balance.',
    );
    const pro = notification({ code: 'pro_gold_active', params: { until: '2026-12-25T12:00:00.000Z', words: 500 } });
    expect(notificationText(pro, i18n)).toBe(
      'Pro Gold is active until December 25, 2026. Your word limit grew by 500 words.',
    );
    const imported = notification({ code: 'import_ready', params: { title: 'Harbour', pages: 1 } });
    expect(notificationText(imported, i18n)).toBe('Your text "Harbour" is ready to read (1 page).');
  });

  it("says why a video's transcript failed", () => {
    const failed = notification({ code: 'video_failed', params: { title: 'Lakes', reason: 'unreachable' } });
    expect(notificationText(failed, i18n)).toBe(
      'We could not make a transcript of "Lakes": YouTube could not be reached. You can upload its subtitles instead.',
    );
  });

  it("shows the server's text for a code this client does not know, or none", () => {
    expect(notificationText(notification({ code: 'something_new' }), i18n)).toBe('The English text the server stored');
    expect(notificationText(notification({}), i18n)).toBe('The English text the server stored');
  });

  it("speaks the learner's interface language", async () => {
    await activateLocale('de');
    const text = notificationText(notification({ code: 'video_ready', params: { title: 'Lakes' } }), i18n);
    expect(text).toContain('Lakes');
    expect(text).not.toContain('is ready to read');
  });
});
