import { msg } from '@lingui/core/macro';
import { learningLanguageNames } from '@/components/language-names';
import type { LearningLanguage } from '@/contract/languages';
import { i18n } from '@/i18n/i18n';
import { toast } from '@/lib/toast';
import { usePreferences } from '@/stores/preferences';

/**
 * A link to a text in another language: that language becomes the one learnt, the home language stays unless it is
 * that one too, and a toast says what changed.
 */
export function switchToLanguageOfText(lang: LearningLanguage): void {
  const { homeLang: homeBefore, targetLangSwitched } = usePreferences.getState();
  targetLangSwitched(lang);
  const { targetLang, homeLang } = usePreferences.getState();
  toast(() => {
    const target = i18n._(learningLanguageNames[targetLang]);
    const home = i18n._(learningLanguageNames[homeLang]);
    return homeLang === homeBefore
      ? i18n._(msg`Switched to this text's language. Learning: ${target}`)
      : i18n._(msg`Switched to this text's language. Learning: ${target}. Translations: ${home}`);
  });
}
