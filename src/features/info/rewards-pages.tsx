import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { coinRewards, rewards } from '@/contract/constants';
import './prose.css';

/** /streaks: what a streak is and what it gives (the word-limit dialog links here). */
export function StreaksPage() {
  const { wordsPerStreakDay, freeMaxWordsPerStreakDay, proWordsPerStreakDay } = rewards;
  return (
    <section className="page prose">
      <h1>
        <Trans>Your streak</Trans>
      </h1>
      <p>
        <Trans>
          Your streak counts the days in a row on which you learned: a day counts when you save a word's level or finish
          a page. Miss a day and the streak starts again.
        </Trans>
      </p>
      <p>
        <Trans>
          Every day you keep it, your word limit grows by {wordsPerStreakDay} word per streak day, up to{' '}
          {freeMaxWordsPerStreakDay} words a day. With Pro Gold it grows by {proWordsPerStreakDay} words per streak day,
          with no cap.
        </Trans>
      </p>
      <p>
        <Link to="/">
          <Trans>Find something to read</Trans>
        </Link>
      </p>
    </section>
  );
}

/** /coins: what coins and diamonds buy (the word-limit dialog links here). */
export function CoinsPage() {
  return (
    <section className="page prose">
      <h1>
        <Trans>Coins and diamonds</Trans>
      </h1>
      <p>
        <Trans>
          Coins and diamonds buy boosts in the store: more words for your word limit, or more videos for your video
          limit. Each boost has a price in diamonds and a price in coins; pay with whichever you have.
        </Trans>
      </p>
      <p>
        <Trans>Diamonds come in packs you can buy in the store. Coins are not sold: you earn them as you learn.</Trans>
      </p>
      <p>
        {/* The store's own sentence, word for word: one rule, told the same way in both places. */}
        <Trans>
          Earn coins by learning: {coinRewards.perNewLevel} for each level a word reaches for the first time,{' '}
          {coinRewards.perFirstFinishedPage} for each page you finish for the first time and {coinRewards.perStreakDay}{' '}
          for each day of your streak, twice as many with Pro Gold. Words and pages earn up to {coinRewards.dailyCap}{' '}
          coins a day.
        </Trans>
      </p>
      <p>
        <Link to="/store">
          <Trans>Go to the store</Trans>
        </Link>
      </p>
    </section>
  );
}

/** /limits: the word and video limits, and how they grow. */
export function LimitsPage() {
  const { freeVideos, videoCycleDays } = rewards;
  return (
    <section className="page prose">
      <h1>
        <Trans>Your limits</Trans>
      </h1>
      <p>
        <Trans>
          Your word limit is how many words you can give a level. It grows every day you keep your streak, with every
          Pro Gold payment, and with Word Limit boosts from the store.
        </Trans>
      </p>
      <p>
        <Trans>
          Your video limit is how many videos you can add: {freeVideos} every {videoCycleDays} days, more with Pro Gold
          and with Video Limit boosts.
        </Trans>
      </p>
      <p>
        <Link to="/streaks">
          <Trans>About streaks</Trans>
        </Link>
      </p>
    </section>
  );
}
