import type { QueryClient } from '@tanstack/react-query';
import { userQueries } from '@/api/account';
import { progressQueries } from '@/api/progress';
import { type VocabularyFilters, vocabularyQueries } from '@/api/vocabulary';
import { usePreferences } from '@/stores/preferences';

/**
 * Asks for the vocabulary screen's first page and its counts as the route resolves, while the screen's code and
 * catalog still load, instead of once the screen has rendered: the rows come a round trip and a render sooner.
 * Nothing waits for the answers (the screen shows what has arrived), and a visitor, who gets the pitch, asks nothing.
 */
export async function loadVocabulary(queryClient: QueryClient, filters: VocabularyFilters): Promise<void> {
  if (!(await queryClient.ensureQueryData(userQueries.current()))) return;
  const { targetLang: language, homeLang } = usePreferences.getState();
  void queryClient.prefetchInfiniteQuery(vocabularyQueries.list({ language, homeLang, ...filters }));
  void queryClient.prefetchQuery(progressQueries.language(language));
}
