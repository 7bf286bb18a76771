import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
import type { LearningLanguage } from '@/contract/languages';
import { afterPaint, afterPaintOrLeaving } from '@/lib/after-paint';
import { useBlockSizeProperty } from '@/lib/block-size-property';
import { toast } from '@/lib/toast';
import { writtenForm } from '@/lib/written-form';
import { formatInterval } from './card-text';
import { CardView } from './card-view';
import { concealed } from './concealed';

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
  hidden,
}: {
  card: Flashcard;
  onGrade: (grade: CardGradeName) => void;
  hidden: boolean;
}) {
  const { t, i18n } = useLingui();
  const labels: Record<CardGradeName, string> = { again: t`Again`, hard: t`Hard`, good: t`Good`, easy: t`Easy` };
  // The intervals count from now, as the server counted them when it sent the card.
  const now = Date.now();
  // Pinned to the bottom on a phone: its height is the page's room below its end (flashcards.css).
  const bar = useRef<HTMLFieldSetElement>(null);
  useBlockSizeProperty(bar, '--grades-block');
  return (
    <fieldset ref={bar} className="flashcard-grades" {...concealed(hidden)}>
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

/** Where a card's nodes stand: `current` is the one shown; `next` is made (hidden) before it shows. */
type Slot = 'current' | 'next';

/** What a key shows before React renders it: Reveal's answer, or a grade's next card. */
type Ahead = 'answer' | 'next';

/**
 * Shows at once what Reveal or a grade changes, where its nodes are made already: the session's `data-ahead`, an
 * attribute React never renders, lets the stylesheet show the current card's answer or the next card. Every commit of
 * the session clears it (its own render shows the same by then). False when nothing is made to show (no next card
 * yet): React's render must do it (decision 0030).
 */
function showAhead(session: HTMLElement | null, change: Ahead): boolean {
  if (!session?.querySelector(`[data-slot="${change === 'answer' ? 'current' : 'next'}"]`)) return false;
  session.dataset.ahead = change;
  return true;
}

/**
 * The session's state a key leaves for once its frame is painted (`later`): applied by `now` when the next key or
 * click comes first, and by any render of the session before the frame (`take`), so React never renders a state the
 * screen has already left and every key acts on the state the one before left.
 */
function useStateOncePainted() {
  const pending = useRef<(() => void) | null>(null);
  return useMemo(
    () => ({
      later(update: () => void) {
        pending.current = update;
        afterPaint(() => {
          if (pending.current !== update) return;
          pending.current = null;
          // Rendered at once, as a key's own state is: a key in the next task acts on it.
          flushSync(update);
        });
      },
      now() {
        const update = pending.current;
        if (!update) return;
        pending.current = null;
        flushSync(update);
      },
      /** In the session's render: its own state set while rendering, which React renders instead. */
      take() {
        const update = pending.current;
        pending.current = null;
        update?.();
      },
    }),
    [],
  );
}

type SessionCardProps = {
  card: Flashcard;
  slot: Slot;
  revealed: boolean;
  language: LearningLanguage;
  onReveal: () => void;
  onGrade: (grade: CardGradeName) => void;
  onEditNote: () => void;
};

/**
 * A card with its answer, its grades and Reveal, all made before they show: Reveal and a grade only change which of
 * them are hidden (decision 0030). Memoised: a key re-renders only the cards whose slot or side changes.
 */
const SessionCard = memo(function SessionCard({
  card,
  slot,
  revealed,
  language,
  onReveal,
  onGrade,
  onEditNote,
}: SessionCardProps) {
  const shown = slot === 'current';
  return (
    <div className="flashcard-slot" data-slot={slot} {...concealed(!shown)}>
      <CardView
        card={card}
        language={language}
        revealed={shown && revealed}
        answerActions={
          <button type="button" className="button button-secondary" onClick={onEditNote}>
            {card.note === null ? <Trans>Add a note</Trans> : <Trans>Edit the note</Trans>}
          </button>
        }
      />
      <div className="flashcard-bar">
        <GradeBar card={card} onGrade={onGrade} hidden={!(shown && revealed)} />
        <div className="flashcard-grades flashcard-reveal-bar" {...concealed(shown && revealed)}>
          <button
            type="button"
            className="button button-primary flashcard-reveal"
            aria-keyshortcuts="Space"
            onClick={onReveal}
          >
            <Trans>Reveal</Trans>
          </button>
        </div>
      </div>
    </div>
  );
});

/** Moves the focus to a part of the card shown. */
function focusShown(session: HTMLElement | null, selector: string) {
  session?.querySelector<HTMLElement>(`[data-slot="current"] ${selector}`)?.focus();
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
  /** The card after the current one whose nodes may be made (once the current card's frame is painted). */
  const [preparedId, setPreparedId] = useState<number | null>(null);
  const shownAt = useRef(0);
  const sessionRef = useRef<HTMLDivElement>(null);
  const painted = useStateOncePainted();
  painted.take();
  /** Reviews graded here whose call waits for the next card's frame to be painted: an undo before then drops one. */
  const unsent = useRef(new Set<string>());
  // What a key showed ahead is in every render of the session (or undone with it): once committed, the DOM shows it.
  useLayoutEffect(() => {
    if (sessionRef.current) delete sessionRef.current.dataset.ahead;
  });

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
    afterPaint(() => focusShown(sessionRef.current, '.flashcard-word'));
  }, [cardId]);

  useEffect(() => {
    if (revealed) afterPaint(() => focusShown(sessionRef.current, '.flashcard-back'));
  }, [revealed]);

  // Once the current card's frame is painted, the next card's nodes are made.
  const nextId = left[1]?.id ?? null;
  useEffect(() => {
    if (nextId !== preparedId) afterPaint(() => setPreparedId(nextId));
  }, [nextId, preparedId]);

  const reveal = () => {
    if (!card || revealed) return;
    const shown = card.id;
    if (showAhead(sessionRef.current, 'answer')) painted.later(() => setRevealedId(shown));
    else setRevealedId(shown);
  };

  const grade = (name: CardGradeName) => {
    if (!card || !revealed) return;
    const sentReview = practice
      ? null
      : { reviewId: newReviewId(), card, grade: name, durationMs: performance.now() - shownAt.current };
    const follow = () => {
      setOffer(null);
      // A card that comes back (undone, refused) shows its front again.
      setRevealedId(null);
      if (!sentReview) {
        setPracticed((done) => [...done, position]);
        setPosition(position + 1);
        return;
      }
      hide(card.id, true);
      setSent((done) => [...done, sentReview]);
    };
    if (sentReview) {
      // The call (and the cache it changes) waits for the next card's frame, so its work never holds that frame back.
      unsent.current.add(sentReview.reviewId);
      afterPaintOrLeaving(() => {
        if (unsent.current.delete(sentReview.reviewId)) review.mutate(sentReview);
      });
    }
    if (showAhead(sessionRef.current, 'next')) {
      painted.later(follow);
      return;
    }
    // No next card made yet (the last one, or graded at once): React removes this one now. It goes with the focus in
    // it; given up first, the browser need not lay the page out to move it, nor React to give it back.
    if (document.activeElement instanceof HTMLElement && sessionRef.current?.contains(document.activeElement)) {
      document.activeElement.blur();
    }
    follow();
  };

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
    // Not sent yet: nothing to undo on the server.
    if (!unsent.current.delete(last.reviewId)) undo.mutate({ reviewId: last.reviewId, card: last.card });
  }, [practice, practiced, sent, setPosition, undo, hide]);

  const canUndo = practice ? practiced.length > 0 : sent.length > 0;

  const onKey = (event: KeyboardEvent) => {
    if (editing) return;
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

  // Keys and the cards' buttons reach this render's reveal, grade and undo through callbacks that never change (so a
  // key re-renders only the cards it changes), each after the state the last key left for later has been applied.
  const actions = useRef({ reveal, grade, onKey });
  actions.current = { reveal, grade, onKey };
  const onReveal = useCallback(() => {
    painted.now();
    actions.current.reveal();
  }, [painted]);
  const onGrade = useCallback(
    (name: CardGradeName) => {
      painted.now();
      actions.current.grade(name);
    },
    [painted],
  );
  const onEditNote = useCallback(() => setEditing(true), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      painted.now();
      actions.current.onKey(event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [painted]);

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
  // In the order the cards come, so a grade moves no node: only slots change.
  const slots: { card: Flashcard; slot: Slot }[] = [];
  if (card) slots.push({ card, slot: 'current' });
  const next = left[1];
  if (next && next.id === preparedId) slots.push({ card: next, slot: 'next' });
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
      ) : (
        <>
          <div className="flashcard-deck">
            {slots.map(({ card: slotCard, slot }) => (
              <SessionCard
                key={slotCard.id}
                card={slotCard}
                slot={slot}
                revealed={slot === 'current' && revealed}
                language={deck.language}
                onReveal={onReveal}
                onGrade={onGrade}
                onEditNote={onEditNote}
              />
            ))}
          </div>
          {card ? null : <SessionDone practice={practice} onLeave={onLeave} />}
        </>
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
