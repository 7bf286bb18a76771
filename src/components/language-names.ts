import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LearningLanguage } from '@/contract/languages';

export const learningLanguageNames: Record<LearningLanguage, MessageDescriptor> = {
  en: msg`English`,
  ru: msg`Russian`,
  de: msg`German`,
  fr: msg`French`,
  es: msg`Spanish`,
  ko: msg`Korean`,
  it: msg`Italian`,
  hu: msg`Hungarian`,
};
