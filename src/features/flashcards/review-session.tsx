import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '@/api/error-text';
import {
  type FlashcardDeck,
  type FlashcardReview,
  flashcardQueries,
  newReviewId,
  setCardMeaning,
  useReviewFlashcard,
  useUndoFlashcardReview,
} from '@/api/flashcards';
import { type OwnMeaning, useSaveMeaning, useWordLevelSaver } from '@/api/words';
import { isTypingTarget } from '@/components/interactive-text/keys';
import { MeaningDialog } from '@/components/interactive-text/meaning-dialog';
import { type CardGradeName, cardGrades, type Flashcard } from '@/contract/endpoints/flashcards';
import { afterPaint } from '@/lib/after-paint';
import { toast } from '@/lib/toast';
import { writtenForm } from '@/lib/written-form';
import { formatInterval } from './card-text';
import { CardView } from './card-view';

const gradeNames = Object.keys(cardGrades) as CardGradeName[];
const gradeByKey = new Map(gradeNames.map((name) => [String(cardGrades[name]), name]));

type ReviewSessionProps = {
  deck: FlashcardDeck;
  /** Practice: any cards, graded here only (nothing is sent, no schedule changes). */
  practice: boolean;
  onLeave: () => void;
};

/** The word a review offered to mark as known (its card is mature and the word at level 3). */
type KnownOffer = { lowercase: string };

/**
 * The cards to go through: the due queue as the cache holds it (graded cards leave it), or practice's by position.
 * A card graded here is hidden at once, in the key's own event, until the cache has dropped it (or put it back).
 */
function useSessionCards(deck: FlashcardDeck, practice: boolean) {
  const query = useQuery(practice ? flashcardQueries.practice(deck) : flashcardQueries.queue(deck));
  const [position, setPosition] = useState(0);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const cards = query.data?.cards ?? [];
  const left = practice ? cards.slice(position) : cards.filter((card) => !hidden.has(card.id));
  const hide = useCallback((cardId: number, hide: boolean) => {
    setHidden((before) => {
      if (before.has(cardId) === hide) return before;
      const after = new Set(before);
      if (hide) after.add(cardId);
      else after.delete(cardId);
      return after;
    });
  }, []);
  return { query, left, position, setPosition, hide };
}

function GradeBar({
  card,
  onGrade,
  disabled,
}: {
  card: Flashcard;
  onGrade: (grade: CardGradeName) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const labels: Record<CardGradeName, string> = { again: t`Again`, hard: t`Hard`, good: t`Good`, easy: t`Easy` };
  // The intervals count from now, as the server counted them when it sent the card.
  const now = Date.now();
  return (
    <fieldset className="flashcard-grades">
      <legend className="visually-hidden">
        <Trans>Grade</Trans>
      </legend>
      {gradeNames.map((grade) => (
        <button
          key={grade}
          type="button"
          className="flashcard-grade"
          data-grade={grade}
          aria-keyshortcuts={String(cardGrades[grade])}
          disabled={disabled}
          onClick={() => onGrade(grade)}
        >
          <span className="flashcard-grade-name">{labels[grade]}</span>{' '}
          <span className="flashcard-grade-interval">
            {formatInterval(Date.parse(card.next[grade]) - now, i18n.locale)}
          </span>
        </button>
      ))}
    </fieldset>
  );
}

/** The end of the cards: its heading takes the focus the last card had. */
function SessionDone({ practice, onLeave }: Pick<ReviewSessionProps, 'practice' | 'onLeave'>) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flashcards-done">
      <h2 ref={heading} tabIndex={-1}>
        {practice ? <Trans>Practice done</Trans> : <Trans>All caught up</Trans>}
      </h2>
      <p>
        {practice ? (
          <Trans>You went through every card. Their schedule is as it was.</Trans>
        ) : (
          <Trans>No more cards are due now. Come back when the next ones are.</Trans>
        )}
      </p>
      <button type="button" className="button button-primary" onClick={onLeave}>
        <Trans>Back to your flashcards</Trans>
      </button>
    </div>
  );
}

/**
 * Going through cards one at a time: Reveal (Space), then a grade (1–4) shows the next card at once; `u` undoes the
 * last grade. The focus moves to each new card's word, then to its answer. Reviews are sent (optimistic, rolled back
 * on a refusal); practice grades stay on the page. Add a note writes the word's note; a review that offers it asks
 * "Mark as known?", which sets the word's level 4 as the reader's keys do.
 */
export function ReviewSession({ deck, practice, onLeave }: ReviewSessionProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { query, left, position, setPosition, hide } = useSessionCards(deck, practice);
  const card = left[0];
  const [revealedId, setRevealedId] = useState<number | null>(null);
  const revealed = card !== undefined && revealedId === card.id;
  const [editing, setEditing] = useState(false);
  const [offer, setOffer] = useState<KnownOffer | null>(null);
  /** The reviews sent in this session, the last at the end: what `u` undoes. */
  const [sent, setSent] = useState<readonly FlashcardReview[]>([]);
  const [practiced, setPracticed] = useState<number[]>([]);
  const shownAt = useRef(0);
  const answerRef = useRef<HTMLElement>(null);
  const sessionRef = useRef<HTMLDivElement>(null);

  const review = useReviewFlashcard(deck, {
    answered: (result, { card: graded }) => {
      hide(graded.id, false);
      if (result.offerKnown) setOffer({ lowercase: graded.lowercase });
    },
    refused: ({ reviewId, card: refused }) => {
      hide(refused.id, false);
      setSent((done) => done.filter((other) => other.reviewId !== reviewId));
    },
  });
  const undo = useUndoFlashcardReview(deck);
  const onRefused = useCallback((error: unknown) => toast.error(errorText(error, i18n)), [i18n]);
  const saveLevel = useWordLevelSaver({ language: deck.language, vocabulary: true }, onRefused);
  const { mutate: saveMeaning } = useSaveMeaning(onRefused);

  const cardId = card?.id;
  // A new card: its word takes the focus (screen readers read it), and its time starts. The focus moves once the
  // card's frame is painted: moving it lays the page out, which would otherwise hold that frame back.
  useEffect(() => {
    if (cardId === undefined) return;
    shownAt.current = performance.now();
    afterPaint(() => sessionRef.current?.querySelector<HTMLElement>('.flashcard-word')?.focus());
  }, [cardId]);

  useEffect(() => {
    if (revealed) afterPaint(() => answerRef.current?.focus());
  }, [revealed]);

  const reveal = useCallback(() => {
    if (card) setRevealedId(card.id);
  }, [card]);

  const grade = useCallback(
    (name: CardGradeName) => {
      if (!card || !revealed) return;
      setOffer(null);
      // A card that comes back (undone, refused) shows its front again.
      setRevealedId(null);
      if (practice) {
        setPracticed((done) => [...done, position]);
        setPosition(position + 1);
        return;
      }
      const sentReview = {
        reviewId: newReviewId(),
        card,
        grade: name,
        durationMs: performance.now() - shownAt.current,
      };
      hide(card.id, true);
      setSent((done) => [...done, sentReview]);
      review.mutate(sentReview);
    },
    [card, revealed, practice, position, setPosition, review, hide],
  );

  const undoLast = useCallback(() => {
    setOffer(null);
    if (practice) {
      const last = practiced.at(-1);
      if (last === undefined) return;
      setPracticed((done) => done.slice(0, -1));
      setPosition(last);
      return;
    }
    const last = sent.at(-1);
    if (!last) return;
    setSent((done) => done.slice(0, -1));
    hide(last.card.id, false);
    undo.mutate({ reviewId: last.reviewId, card: last.card });
  }, [practice, practiced, sent, setPosition, undo, hide]);

  const canUndo = practice ? practiced.length > 0 : sent.length > 0;

  useEffect(() => {
    if (editing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (event.key === ' ' && card && !revealed) {
        event.preventDefault();
        reveal();
        return;
      }
      const gradeName = gradeByKey.get(event.key);
      if (gradeName && revealed) {
        event.preventDefault();
        grade(gradeName);
        return;
      }
      if (event.key.toLowerCase() === 'u') {
        event.preventDefault();
        undoLast();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [editing, card, revealed, reveal, grade, undoLast]);

  const saveNote = (own: OwnMeaning) => {
    if (!card) return;
    const before = { meaning: card.meaning, meaningIsOwn: card.meaningIsOwn, note: card.note };
    const dictionary = card.meaningIsOwn ? undefined : (card.meaning ?? undefined);
    setCardMeaning(queryClient, deck, card.id, {
      meaning: own.meaning ?? dictionary ?? null,
      meaningIsOwn: own.meaning !== null,
      note: own.note,
    });
    saveMeaning(
      { language: deck.language, lowercase: card.lowercase, dictionary, ...own },
      { onError: () => setCardMeaning(queryClient, deck, card.id, before) },
    );
  };

  const markKnown = () => {
    if (!offer) return;
    saveLevel({ lowercase: offer.lowercase, level: 4, language: deck.language });
    setOffer(null);
    toast.success(t`Marked as known: its card rests until you change its level.`);
    void queryClient.invalidateQueries({ queryKey: flashcardQueries.language(deck.language) });
  };

  const remaining = left.length;
  const offeredWord = offer?.lowercase;
  return (
    <div ref={sessionRef} className="flashcards-session">
      <div className="flashcards-session-bar">
        <button type="button" className="link-button" onClick={onLeave}>
          <Trans>Back to your flashcards</Trans>
        </button>
        {practice ? (
          <span className="flashcards-mode">
            <Trans>Practice: nothing you grade changes when cards are due.</Trans>
          </span>
        ) : null}
        {card ? (
          <span className="flashcards-left">
            <Plural value={remaining} one="# card left" other="# cards left" />
          </span>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          aria-keyshortcuts="U"
          disabled={!canUndo}
          onClick={undoLast}
        >
          <Trans>Undo</Trans>
        </button>
      </div>
      {offer ? (
        <div className="flashcards-offer" role="status">
          <p>
            <Trans>
              Mark{' '}
              <span lang={deck.language} dir="auto">
                {offeredWord}
              </span>{' '}
              as known?
            </Trans>
          </p>
          <button type="button" className="button button-primary" onClick={markKnown}>
            <Trans>Mark as known</Trans>
          </button>
          <button type="button" className="button button-secondary" onClick={() => setOffer(null)}>
            <Trans>Not now</Trans>
          </button>
        </div>
      ) : null}
      {query.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : query.isError && !query.data ? (
        <p role="alert">
          {errorText(query.error, i18n)}{' '}
          <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : card ? (
        <>
          <CardView
            key={card.id}
            card={card}
            language={deck.language}
            revealed={revealed}
            answerRef={answerRef}
            answerActions={
              <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
                {card.note === null ? <Trans>Add a note</Trans> : <Trans>Edit the note</Trans>}
              </button>
            }
          />
          {revealed ? (
            <GradeBar card={card} onGrade={grade} disabled={false} />
          ) : (
            <div className="flashcard-grades">
              <button
                type="button"
                className="button button-primary flashcard-reveal"
                aria-keyshortcuts="Space"
                onClick={reveal}
              >
                <Trans>Reveal</Trans>
              </button>
            </div>
          )}
        </>
      ) : (
        <SessionDone practice={practice} onLeave={onLeave} />
      )}
      {editing && card ? (
        <MeaningDialog
          display={writtenForm(card.sentence, card.lowercase)}
          targetLang={deck.language}
          homeLang={deck.homeLang}
          dictionary={card.meaningIsOwn ? undefined : (card.meaning ?? undefined)}
          own={{ meaning: card.meaningIsOwn ? card.meaning : null, note: card.note }}
          onSave={saveNote}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </div>
  );
}
