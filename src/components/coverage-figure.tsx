import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { coverageCalls, coverageQueries } from '@/api/coverage';
import type { CoverageBand } from '@/contract/coverage';
import type { CoverageFigures, TextCoverage, VideoCoverage } from '@/contract/endpoints/coverage';
import type { LearningLanguage } from '@/contract/languages';
import './coverage-figure.css';

const bandNames: Record<CoverageBand, MessageDescriptor> = {
  comfortable: msg`Comfortable`,
  stretch: msg`Stretch`,
  hard: msg`Hard`,
};

/** A listing's cards whose figures a member sees: library or imported texts by id, or videos by YouTube id. */
export type CoverageListing =
  | { kind: 'texts'; language: LearningLanguage; ids: readonly number[] }
  | { kind: 'videos'; language: LearningLanguage; ids: readonly string[] };

export type CardCoverage = {
  /** A card's figures; undefined while they load, before its cards come near the screen, or for a visitor. */
  of: (id: number | string) => CoverageFigures | undefined;
  /** The id of a card's figure, for its link's `aria-describedby`. */
  figureId: (id: number | string) => string;
  /** The ref of a card's figure (which names its card): its call is made once one of its cards comes near the screen. */
  watch: (element: HTMLElement | null) => (() => void) | undefined;
};

function figuresById(
  results: UseQueryResult<readonly (TextCoverage | VideoCoverage)[]>[],
): Map<string, CoverageFigures> {
  const figures = new Map<string, CoverageFigures>();
  for (const { data } of results) {
    for (const item of data ?? []) figures.set('videoId' in item ? item.videoId : String(item.id), item);
  }
  return figures;
}

/**
 * The known-word figures of a listing's cards, asked for a stretch of at most `maxCoverageIds` cards at a time as
 * they come near the screen (all at once where the browser cannot tell), never per card. Null (a visitor) asks for
 * nothing.
 */
export function useCardCoverage(listing: CoverageListing | null): CardCoverage {
  const idPrefix = useId();
  const [near, setNear] = useState<ReadonlySet<string>>(() => new Set());
  const [observer] = useState(() =>
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            const seen = entries.flatMap((entry) =>
              entry.isIntersecting && entry.target instanceof HTMLElement
                ? [entry.target.dataset.coverageCard ?? '']
                : [],
            );
            setNear((current) => (seen.every((key) => current.has(key)) ? current : new Set([...current, ...seen])));
          },
          { rootMargin: '200px' },
        )
      : undefined,
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  const isNear = (ids: readonly (number | string)[]) => !observer || ids.some((id) => near.has(String(id)));
  const texts = useQueries({
    queries:
      listing?.kind === 'texts'
        ? coverageCalls(listing.ids).map((ids) => ({
            ...coverageQueries.texts(listing.language, ids),
            enabled: isNear(ids),
          }))
        : [],
    combine: figuresById,
  });
  const videos = useQueries({
    queries:
      listing?.kind === 'videos'
        ? coverageCalls(listing.ids).map((ids) => ({
            ...coverageQueries.videos(listing.language, ids),
            enabled: isNear(ids),
          }))
        : [],
    combine: figuresById,
  });

  const watch = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return undefined;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  return {
    of: (id) => texts.get(String(id)) ?? videos.get(String(id)),
    figureId: (id) => `${idPrefix}-${id}`,
    watch,
  };
}

/**
 * One card's known-word figures: the share of its word tokens known, its new words and its band, written (not only
 * coloured). Inside the card's link, whose `aria-describedby` names it (`figureId`): screen readers hear them after
 * the card's name, which stays the text's. Nothing shows while they load or for a text without words, in a box of
 * the same height so the cards do not move.
 */
export function CoverageFigure({ coverage, card }: { coverage: CardCoverage; card: number | string }) {
  const { i18n } = useLingui();
  const figures = coverage.of(card);
  const known = figures?.knownPercent ?? null;
  const band = figures?.band ?? null;
  return (
    <span
      className="coverage-figure"
      id={coverage.figureId(card)}
      ref={coverage.watch}
      data-coverage-card={card}
      aria-hidden="true"
    >
      {figures && known !== null && band !== null ? (
        <>
          <CoverageCounts
            percent={i18n.number(Math.floor(known) / 100, { style: 'percent', maximumFractionDigits: 0 })}
            count={figures.newWords}
          />{' '}
          <CoverageBandName band={band} />
        </>
      ) : null}
    </span>
  );
}

/** A band, written in its pill (its own colour and edge, so colour is never the only signal). */
export function CoverageBandName({ band }: { band: CoverageBand }) {
  const { i18n } = useLingui();
  return (
    <span className="coverage-band" data-band={band}>
      {i18n._(bandNames[band])}
    </span>
  );
}

function CoverageCounts({ percent, count }: { percent: string; count: number }) {
  return (
    <>
      <span>
        <Trans>{percent} known</Trans>
      </span>{' '}
      <span>
        <Plural value={count} one="# new word" other="# new words" />
      </span>
    </>
  );
}
