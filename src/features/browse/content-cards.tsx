import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import type { ContentSummary } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';

/**
 * What a member's cards add: each card's known-word figures, which its link is described by, and beside its link
 * (at the foot of the card, whose room it keeps) the way to the text's new words.
 */
export type CardFigures = {
  figureId: (id: number) => string;
  figure: (id: number) => ReactNode;
  /** `titleId`: the id of the card's title, which describes the link. */
  learn: (content: ContentSummary, titleId: string) => ReactNode;
};

/** The figures' room, kept while their code loads, so the cards do not move when they come. */
export const figureRoom: CardFigures = {
  figureId: () => '',
  figure: () => <span className="coverage-room" />,
  learn: () => null,
};

type ContentCardsProps = {
  contents: readonly ContentSummary[];
  /** The texts' language, which their titles and descriptions are written in (the figures: the interface's). */
  language: LearningLanguage;
  figures?: CardFigures;
};

/** Text cards, each opening the reader; with `figures`, a member's figures under each card's description. */
export function ContentCards({ contents, language, figures }: ContentCardsProps) {
  const idPrefix = useId();
  return (
    <ul className="content-cards">
      {contents.map((content) => (
        <li key={content.id}>
          <Link
            to="/reader/$id"
            params={{ id: content.id }}
            className="content-card"
            aria-describedby={figures?.figureId(content.id) || undefined}
            data-learn={figures ? '' : undefined}
          >
            <span className="content-card-title" lang={language} id={figures ? `${idPrefix}-${content.id}` : undefined}>
              {content.title}
              {/* Spaces, so the link's name reads "A Quiet Morning A1 A short story…", not "A Quiet MorningA1A short…". */}
              {content.level ? (
                <>
                  {' '}
                  <span className="library-tag content-card-level">{content.level}</span>
                </>
              ) : null}
            </span>{' '}
            <span className="content-card-description" lang={language}>
              {content.description}
            </span>
            {figures?.figure(content.id)}
          </Link>
          {figures?.learn(content, `${idPrefix}-${content.id}`)}
        </li>
      ))}
    </ul>
  );
}
