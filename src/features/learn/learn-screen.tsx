import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo } from 'react';
import { coverageQueries } from '@/api/coverage';
import { levelsOf, type WordScope, wordQueries } from '@/api/words';
import { CoverageBandName } from '@/components/coverage-figure';
import { InteractiveText } from '@/components/interactive-text/interactive-text';
import { useLevelDisplayClass } from '@/components/interactive-text/level-display';
import { bandFloors, type NewWord } from '@/contract/coverage';
import type { TextNewWords } from '@/contract/endpoints/coverage';
import type { Section } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { usePreferences } from '@/stores/preferences';
import { coverageNow, type Reached, thresholdsReached } from './new-words';
import '@/components/interactive-text/word-rows.css';
import './learn-screen.css';

type LearnScreenProps = { contentId: number; language: LearningLanguage; title: string | null };

function usePercent() {
  const { i18n } = useLingui();
  // The figures come rounded down to a tenth (contract/coverage.ts): shown as they are, never rounded up to 95 %.
  return (value: number) => i18n.number(value / 100, { style: 'percent', maximumFractionDigits: 1 });
}

/** The text's figures, following the levels the learner sets on the list (only this re-renders on a level key). */
function LearnFigures({ answer, scope }: { answer: TextNewWords; scope: WordScope }) {
  const asPercent = usePercent();
  const { data: saved } = useQuery({ ...wordQueries.scope(scope), enabled: false });
  const figures = coverageNow(answer, levelsOf(saved, scope.language));
  if (figures.knownPercent === null || figures.familiarPercent === null || figures.band === null) return null;
  // Named as on the cards (coverage-figure.tsx), so the same messages serve both.
  const percent = asPercent(figures.knownPercent);
  const familiar = asPercent(figures.familiarPercent);
  const count = figures.newWords;
  return (
    <p className="learn-figures">
      <span>
        <Trans>{percent} known</Trans>
      </span>{' '}
      <span>
        <Trans>{familiar} familiar</Trans>
      </span>{' '}
      <span>
        <Plural value={count} one="# new word" other="# new words" />
      </span>{' '}
      <CoverageBandName band={figures.band} />
    </p>
  );
}

/** Where the text becomes 95 % (stretch) or 98 % (comfortable) familiar: a badge, and a line under its row (CSS). */
function ThresholdMarker({ band }: { band: 'stretch' | 'comfortable' }) {
  const threshold = usePercent()(bandFloors[band]);
  return (
    <span className="learn-marker" data-band={band}>
      <Trans>{threshold} reached</Trans>
    </span>
  );
}

/**
 * A row's start: how often the word occurs, the text's familiar share once it is learnt, and a threshold reached. It
 * stands in the text engine's element, in the language learnt: it says it is in the interface's.
 */
const WordRank = memo(function WordRank({ word, reached }: { word: NewWord; reached: Reached }) {
  const { i18n } = useLingui();
  const percent = usePercent();
  const coverage = percent(word.familiarPercent);
  const times = word.occurrences;
  return (
    <span className="learn-rank" lang={i18n.locale}>
      <span className="learn-occurrences">
        <Plural value={times} one="# time" other="# times" />
      </span>{' '}
      <span className="learn-coverage">
        {coverage} {reached.stretch ? <ThresholdMarker band="stretch" /> : null}{' '}
        {reached.comfortable ? <ThresholdMarker band="comfortable" /> : null}
      </span>{' '}
    </span>
  );
});

/**
 * A text's "Learn these words" list: its new words, the most frequent first, each with its occurrences and the
 * familiar share reached once it and the words above it are learnt, marked where 95 % and 98 % are reached. The
 * words are the text engine's (tap, translation, Speak, level keys and the save queue), one word per line.
 */
export function LearnScreen({ contentId, language, title }: LearnScreenProps) {
  const homeLang = usePreferences((s) => s.homeLang);
  const levelDisplay = useLevelDisplayClass();
  const { data: answer } = useSuspenseQuery(coverageQueries.newWords(language, contentId));
  const { words } = answer;
  const scope = useMemo<WordScope>(() => ({ language, newWordsOf: contentId }), [language, contentId]);
  const source = useMemo(() => ({ newWordsOf: contentId }), [contentId]);
  const sections = useMemo<Section[]>(
    () =>
      // Each word as the text writes it where its case is its own ("Hund", "Anna").
      words.map(({ lowercase, written }, index) => ({
        tokens: [{ id: index, display: written ?? lowercase, lowercase, isWord: true }],
      })),
    [words],
  );
  const reached = useMemo(() => thresholdsReached(answer.coverage.band, words), [answer.coverage.band, words]);
  const renderRank = useCallback(
    (_section: Section, index: number) => {
      const word = words[index];
      const marks = reached[index];
      return word && marks ? <WordRank word={word} reached={marks} /> : null;
    },
    [words, reached],
  );
  const listed = words.length;
  const total = answer.coverage.newWords;

  return (
    <section className="page learn" aria-labelledby="learn-heading">
      <div>
        <h1 id="learn-heading">
          <Trans>Learn these words</Trans>
        </h1>
        {title ? (
          <p className="learn-title" lang={language}>
            {title}
          </p>
        ) : null}
      </div>
      <LearnFigures answer={answer} scope={scope} />
      {answer.coverage.wordTokens === 0 ? (
        <p className="learn-empty">
          <Trans>This text has no words to learn.</Trans>
        </p>
      ) : listed === 0 ? (
        <p className="learn-empty">
          <Trans>You know every word of this text.</Trans>
        </p>
      ) : (
        <div className={`learn-body ${levelDisplay}`.trim()}>
          <p className="learn-intro">
            {listed < total ? (
              <Trans>
                The {listed} most frequent of its {total} new words. Each line says how often the word occurs and how
                much of the text will be familiar once you know it and the words above it.
              </Trans>
            ) : (
              <Trans>
                Its new words, the most frequent first. Each line says how often the word occurs and how much of the
                text will be familiar once you know it and the words above it.
              </Trans>
            )}
          </p>
          <div className="learn-list word-rows">
            <InteractiveText
              sections={sections}
              targetLang={language}
              homeLang={homeLang}
              source={source}
              keysEnabled
              renderSectionStart={renderRank}
            />
          </div>
        </div>
      )}
    </section>
  );
}
