import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { dateFormatter } from '@/components/format';
import type { Notification } from '@/contract/entities';

/**
 * A notification in the learner's interface language, worded from its code and parameters; a notification without
 * a code (older rows) or with one this client does not know yet shows the server's English `message`.
 */
export function notificationText(notification: Notification, i18n: I18n): string {
  const params = notification.params ?? {};
  const text = (key: string) => String(params[key] ?? '');
  const title = text('title');
  switch (notification.code) {
    case 'welcome': {
      const username = text('username');
      return i18n._(msg`Welcome to Folio, ${username}! Tap any word to see its translation and give it a level.`);
    }
    case 'word_limit_grew': {
      const reward = Number(params.reward ?? 0);
      return i18n._(
        msg`${plural(reward, { one: 'Your word limit grew by # word.', other: 'Your word limit grew by # words.' })} Keep your streak going!`,
      );
    }
    case 'diamonds_added': {
      const diamonds = Number(params.diamonds ?? 0);
      return i18n._(
        msg`Thank you! ${plural(diamonds, { one: '# diamond was added to your balance.', other: '# diamonds were added to your balance.' })}`,
      );
    }
    case 'pro_gold_active': {
      const until = dateFormatter(i18n.locale, { dateStyle: 'long' }).format(new Date(text('until')));
      const words = Number(params.words ?? 0);
      return i18n._(
        msg`Pro Gold is active until ${until}. ${plural(words, { one: 'Your word limit grew by # word.', other: 'Your word limit grew by # words.' })}`,
      );
    }
    case 'import_ready': {
      const pages = Number(params.pages ?? 0);
      return i18n._(
        msg`${plural(pages, { one: `Your text "${title}" is ready to read (# page).`, other: `Your text "${title}" is ready to read (# pages).` })}`,
      );
    }
    case 'video_ready':
      return i18n._(msg`Your video "${title}" is ready to read.`);
    case 'video_failed': {
      const available = text('available');
      switch (params.reason) {
        case 'no_captions_in_language':
          if (available) {
            return i18n._(
              msg`We could not make a transcript of "${title}": it has no captions in this language (it has: ${available}). You can upload its subtitles instead.`,
            );
          }
          return i18n._(
            msg`We could not make a transcript of "${title}": it has no captions that can be read. You can upload its subtitles instead.`,
          );
        case 'no_captions':
          return i18n._(
            msg`We could not make a transcript of "${title}": it has no captions that can be read. You can upload its subtitles instead.`,
          );
        case 'empty_captions':
          return i18n._(
            msg`We could not make a transcript of "${title}": its captions are empty. You can upload its subtitles instead.`,
          );
        case 'unreachable':
          return i18n._(
            msg`We could not make a transcript of "${title}": YouTube could not be reached. You can upload its subtitles instead.`,
          );
        default:
          return notification.message;
      }
    }
    default:
      return notification.message;
  }
}
