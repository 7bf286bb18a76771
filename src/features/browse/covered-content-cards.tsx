import { CoverageFigure, useCardCoverage } from '@/components/coverage-figure';
import type { ContentSummary } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { ContentCards } from './content-cards';
import { LearnWordsLink } from './learn-words-link';

/**
 * A member's text cards, with how much of each text they know and a way to its new words (loaded on demand: a visitor
 * never needs it).
 */
export function CoveredContentCards({
  contents,
  language,
}: {
  contents: readonly ContentSummary[];
  language: LearningLanguage;
}) {
  const coverage = useCardCoverage({ kind: 'texts', language, ids: contents.map((content) => content.id) });
  return (
    <ContentCards
      contents={contents}
      language={language}
      figures={{
        figureId: coverage.figureId,
        figure: (id) => <CoverageFigure coverage={coverage} card={id} />,
        learn: (content, titleId) => <LearnWordsLink contentId={content.id} titleId={titleId} />,
      }}
    />
  );
}
