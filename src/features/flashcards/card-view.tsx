import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Volume2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { speak } from '@/components/interactive-text/speak';
import type { Flashcard } from '@/contract/endpoints/flashcards';
import type { LearningLanguage } from '@/contract/languages';
import { writtenForm } from '@/lib/written-form';
import { sentenceParts } from './card-text';
import { concealed } from './concealed';

/** The sentence the word was saved in, the word marked; all of it plain text. */
function Sentence({
  sentence,
  lowercase,
  language,
}: {
  sentence: string;
  lowercase: string;
  language: LearningLanguage;
}) {
  let offset = 0;
  return (
    <p className="flashcard-sentence" lang={language} dir="auto">
      {sentenceParts(sentence, lowercase).map((part) => {
        // A part's place in the sentence is its key: the parts of one sentence never move.
        const at = offset;
        offset += part.text.length;
        return part.marked ? <mark key={at}>{part.text}</mark> : <span key={at}>{part.text}</span>;
      })}
    </p>
  );
}

function SourceLink({ source }: { source: NonNullable<Flashcard['source']> }) {
  const title = source.title;
  if (source.kind === 'content') {
    return (
      <Link
        to="/reader/$id"
        params={{ id: source.contentId }}
        search={{ page: source.pageId }}
        className="flashcard-source"
      >
        {title === null ? <Trans>Open the text</Trans> : <Trans>Open “{title}”</Trans>}
      </Link>
    );
  }
  return (
    <Link to="/youtube/$id" params={{ id: source.videoId }} className="flashcard-source">
      {title === null ? <Trans>Open the video</Trans> : <Trans>Open “{title}”</Trans>}
    </Link>
  );
}

type CardViewProps = {
  card: Flashcard;
  language: LearningLanguage;
  revealed: boolean;
  /** The answer side's actions beyond Speak (Add a note). */
  answerActions?: ReactNode;
};

/**
 * One card: the word (as its sentence writes it) and the sentence it was saved in on the front; revealed, the meaning
 * (the learner's own, marked, or the dictionary's), the note, Speak and the way back to the text or video.
 */
export function CardView({ card, language, revealed, answerActions }: CardViewProps) {
  const { t } = useLingui();
  const wordId = useId();
  return (
    <article className="flashcard" aria-labelledby={wordId}>
      <div className="flashcard-front">
        <h2 id={wordId} className="flashcard-word" lang={language} dir="auto" tabIndex={-1}>
          {writtenForm(card.sentence, card.lowercase)}
        </h2>
        {card.sentence ? <Sentence sentence={card.sentence} lowercase={card.lowercase} language={language} /> : null}
      </div>
      <section className="flashcard-back" tabIndex={-1} aria-label={t`Answer`} {...concealed(!revealed)}>
        {card.meaning !== null ? (
          <p className="flashcard-meaning">
            {card.meaningIsOwn ? (
              <span className="flashcard-hint">
                <Trans>Your meaning</Trans>{' '}
              </span>
            ) : null}
            <span dir="auto">{card.meaning}</span>
          </p>
        ) : (
          <p className="flashcard-meaning flashcard-hint">
            <Trans>No meaning yet: add your own with Add a note.</Trans>
          </p>
        )}
        {card.note !== null ? (
          <p className="flashcard-note" dir="auto">
            {card.note}
          </p>
        ) : null}
        <div className="flashcard-tools">
          <button type="button" className="button button-secondary" onClick={() => speak(card.lowercase, language)}>
            <Volume2 size={18} aria-hidden="true" /> <Trans>Speak</Trans>
          </button>
          {answerActions}
          {card.source ? <SourceLink source={card.source} /> : null}
        </div>
      </section>
    </article>
  );
}
