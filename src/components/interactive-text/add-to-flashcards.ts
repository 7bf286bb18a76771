import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { addFlashcard } from '@/api/flashcards';
import type { LearningLanguage } from '@/contract/languages';
import { toast } from '@/lib/toast';

/**
 * Add to flashcards in the translation box, and the toast that tells it was added: loaded with the lazy catalog on
 * the click, never with the text (the reader's first load carries none of it).
 */
export async function addToFlashcards(
  queryClient: QueryClient,
  i18n: I18n,
  word: { language: LearningLanguage; homeLang: LearningLanguage; lowercase: string },
): Promise<void> {
  const added = await addFlashcard(queryClient, word);
  toast.success(i18n._(added ? msg`Added to flashcards` : msg`Already in your flashcards`));
}
