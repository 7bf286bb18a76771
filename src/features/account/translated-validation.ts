import type { I18n } from '@lingui/core';
import { validationCodeOf } from '@/contract/validation';
import { accountErrorMessages } from './account-error-text';

/** Spec §5's messages come from the shared contract in English; show them in the interface language. */
export function translateValidation(message: string | undefined, i18n: I18n): string | undefined {
  if (!message) return undefined;
  const code = validationCodeOf(message);
  const descriptor = code ? accountErrorMessages[code] : undefined;
  return descriptor ? i18n._(descriptor) : message;
}
