import { type LearningLanguage, speechLanguages } from '@/contract/languages';

/** Speaks a word with the Web Speech API in its language's voice (spec §9); silent where the API is missing. */
export function speak(text: string, language: LearningLanguage): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = speechLanguages[language];
  window.speechSynthesis.speak(utterance);
}
