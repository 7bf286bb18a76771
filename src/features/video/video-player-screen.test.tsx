import { transcriptBatchSize, transcriptSecondsPerLine, transcriptVideoId } from '@mocks/fixtures/transcript';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePreferences } from '@/stores/preferences';
import { signedIn } from '@/test/accounts';
import { renderComponent } from '@/test/render-component';
import { stubViewportFirstOnScreen } from '@/test/viewport-stub';
import { type PlayerClock, Transcript, youtubeWatchUrl } from './video-player-screen';

/** A player clock the test moves by hand; as a ref, it is what the player screen hands the transcript. */
class TestClock {
  time = 0;
  paused = false;
  seeks: number[] = [];
  current: PlayerClock = {
    currentTime: () => this.time,
    seek: (seconds) => {
      this.seeks.push(seconds);
    },
    pause: () => {
      this.paused = true;
    },
  };
}

async function renderTranscript(clock = new TestClock(), homeLang: 'en' | 'de' = 'de') {
  const rendered = await renderComponent(<Transcript videoId={transcriptVideoId} clock={clock} />, {
    user: signedIn(),
    homeLang,
  });
  const transcript = await screen.findByRole('region', { name: 'Transcript' });
  await within(transcript).findByRole('button', { name: 'Good' });
  return { ...rendered, transcript, clock };
}

describe('the transcript beside the player', () => {
  it('embeds the YouTube video by its watch address', () => {
    expect(youtubeWatchUrl(transcriptVideoId)).toBe(`https://www.youtube.com/watch?v=${transcriptVideoId}`);
  });

  it('shows the first batch of sections, each with its time stamp', async () => {
    const { transcript } = await renderTranscript();
    expect(within(transcript).getAllByRole('button', { name: /^Play from / })).toHaveLength(transcriptBatchSize);
  });

  it('loads more sections, batch by batch, until the server says done', async () => {
    // jsdom lays nothing out, so the transcript is always "scrolled past 90 %" and keeps asking until done.
    const { transcript } = await renderTranscript();
    await vi.waitFor(
      () => expect(within(transcript).getAllByRole('button', { name: /^Play from / })).toHaveLength(12),
      { timeout: 3000 },
    );
    expect(within(transcript).queryByRole('status')).not.toBeInTheDocument();
  });

  it('taps a word and shows its translation, as the reader does', async () => {
    const { user, transcript } = await renderTranscript();
    await user.click(within(transcript).getByRole('button', { name: 'ducks' }));
    const box = within(transcript).getByRole('region', { name: 'Translation' });
    expect(await within(box).findByText('Enten')).toBeInTheDocument();
  });

  it('seeks the player to a time stamp', async () => {
    const { user, transcript, clock } = await renderTranscript();
    // The third line starts at 8 s; the first batch is shifted 0.3 s earlier (spec §7).
    await user.click(within(transcript).getByRole('button', { name: 'Play from 0:08' }));
    expect(clock.seeks).toEqual([2 * transcriptSecondsPerLine - 0.3]);
  });

  it('pauses the player on a tap when the learner asked for it', async () => {
    const { user, transcript, clock } = await renderTranscript();
    await user.click(within(transcript).getByRole('button', { name: 'Pause when I tap a word' }));
    expect(usePreferences.getState().pauseOnTap).toBe(true);
    await user.click(within(transcript).getByRole('button', { name: 'ducks' }));
    expect(clock.paused).toBe(true);
  });

  it("offers the reader's toggles: Levels turns the colours off, Speak speaks a tapped word", async () => {
    const { user, transcript } = await renderTranscript();
    const levels = within(transcript).getByRole('button', { name: 'Levels' });
    expect(levels).toHaveAttribute('aria-pressed', 'true');
    await user.click(levels);
    expect(levels).toHaveAttribute('aria-pressed', 'false');
    expect(transcript).toHaveClass('levels-off');
    const speak = within(transcript).getByRole('button', { name: 'Speak' });
    expect(speak).toHaveAttribute('aria-pressed', 'false');
    await user.click(speak);
    expect(speak).toHaveAttribute('aria-pressed', 'true');
    expect(usePreferences.getState()).toMatchObject({ levelsShown: false, speechOn: true });
  });

  it('keeps the toggles behind Options on a phone, so the transcript keeps their room', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 360 });
    try {
      const { user, transcript } = await renderTranscript();
      expect(within(transcript).queryByRole('button', { name: 'Levels' })).not.toBeInTheDocument();
      const options = within(transcript).getByRole('button', { name: 'Options' });
      expect(options).toHaveAttribute('aria-expanded', 'false');
      await user.click(options);
      expect(options).toHaveAttribute('aria-expanded', 'true');
      for (const name of ['Levels', 'Colour-blind palette', 'Speak', 'Pause when I tap a word']) {
        expect(within(transcript).getByRole('button', { name })).toBeVisible();
      }
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    }
  });

  it('marks the section being played, every 100 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { transcript, clock } = await renderTranscript();
      clock.time = 2 * transcriptSecondsPerLine;
      await vi.advanceTimersByTimeAsync(150);
      const third = within(transcript).getByRole('button', { name: 'Play from 0:08' }).closest('p');
      expect(third).toHaveAttribute('data-current');
      clock.time = 0;
      await vi.advanceTimersByTimeAsync(150);
      expect(third).not.toHaveAttribute('data-current');
    } finally {
      vi.useRealTimers();
    }
  });

  it('recolours a word in every block of lines, those off screen right after the frame', async () => {
    // The browser watches blocks of ten lines, not each line; only the first block is reported on screen.
    const observed = stubViewportFirstOnScreen();
    try {
      const { user, transcript } = await renderTranscript();
      await vi.waitFor(
        () => expect(within(transcript).getAllByRole('button', { name: /^Play from / })).toHaveLength(12),
        { timeout: 3000 },
      );
      expect(observed.size).toBe(2);
      const [first, last] = within(transcript).getAllByRole('button', { name: 'park' });
      if (!first || !last) throw new Error('park is in the first and the last line');
      await user.click(first);
      await user.keyboard('3');
      expect(first).toHaveAttribute('data-level', '3');
      await vi.waitFor(() => expect(last).toHaveAttribute('data-level', '3'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
