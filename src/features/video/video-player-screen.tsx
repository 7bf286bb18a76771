import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import ReactPlayer from 'react-player';
import { videoQueries } from '@/api/videos';
import { InteractiveText } from '@/components/interactive-text/interactive-text';
import { useLevelDisplayClass } from '@/components/interactive-text/level-display';
import { TextToggles } from '@/components/interactive-text/text-toggles';
import { timings } from '@/contract/constants';
import type { Section } from '@/contract/entities';
import { usePreferences } from '@/stores/preferences';
import { useIsMobile } from '@/stores/ui';
import { followsPlayback, formatTimestamp, scrolledPast, sectionAt } from './playback';
import './video-player-screen.css';

/** What the transcript needs of a player: where playback is, and a way to move it. */
export type PlayerClock = { currentTime: () => number; seek: (seconds: number) => void; pause: () => void };

/** The YouTube embed react-player shows for a video id. */
export const youtubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

/**
 * Marks the section being spoken, checked every 100 ms (spec §9) without re-rendering anything: the marker is a
 * data attribute on the paragraph. The transcript scrolls to it unless the learner scrolled it in the last seconds.
 */
function useFollowPlayback(
  container: React.RefObject<HTMLElement | null>,
  sections: readonly Section[],
  clock: React.RefObject<PlayerClock | null>,
) {
  const offsets = useMemo(() => sections.map((section) => section.offset ?? 0), [sections]);
  const lastUserScroll = useRef(Number.NEGATIVE_INFINITY);
  const current = useRef(-1);
  /** The transcript's lines in order, gathered once per batch, so a tick looks nothing up in the DOM. */
  const lines = useRef<HTMLElement[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines change exactly when the sections do
  useLayoutEffect(() => {
    lines.current = [...(container.current?.querySelectorAll<HTMLElement>('.reader-paragraph') ?? [])];
  }, [container, sections]);

  useEffect(() => {
    const box = container.current;
    if (!box) return;
    const onUserScroll = () => {
      lastUserScroll.current = performance.now();
    };
    const events = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const name of events) box.addEventListener(name, onUserScroll, { passive: true });
    return () => {
      for (const name of events) box.removeEventListener(name, onUserScroll);
    };
  }, [container]);

  useEffect(() => {
    /** A line placed by estimate (its block was skipped) is placed exactly on a later tick, once it is laid out. */
    let estimated: HTMLElement | null = null;
    const follow = (box: HTMLElement, line: HTMLElement) => {
      const place = lineTop(line, box);
      estimated = place.exact ? null : line;
      box.scrollTo({ top: place.top - box.clientHeight / 3, behavior: 'smooth' });
    };
    const timer = setInterval(() => {
      const box = container.current;
      const time = clock.current?.currentTime();
      if (!box || time === undefined) return;
      const index = sectionAt(offsets, time);
      const following = followsPlayback(lastUserScroll.current, performance.now());
      if (index === current.current) {
        if (estimated && following && isLaidOut(estimated)) follow(box, estimated);
        return;
      }
      const previous = lines.current[current.current];
      const line = lines.current[index];
      current.current = index;
      estimated = null;
      // Layout is read and the scroll asked for before anything changes, so the tick forces no layout of its own.
      if (line && following) follow(box, line);
      previous?.removeAttribute('data-current');
      if (line) line.dataset.current = '';
    }, timings.playerPositionMs);
    return () => clearInterval(timer);
  }, [container, clock, offsets]);
}

/** Lines per block of the transcript that the browser skips whole while it is off screen. */
const transcriptChunk = 10;

/** False for an element inside a block the browser skips while off screen (content-visibility: auto). */
function isLaidOut(element: HTMLElement): boolean {
  return element.checkVisibility?.({ contentVisibilityAuto: true }) ?? true;
}

/**
 * Where a line stands in the scroll box. Inside a skipped block (a transcript chunk off screen) it is estimated
 * from its place among the block's lines, so a seek forces no layout of text not yet shown; the block is laid out
 * when it is painted, and the next tick then places the line exactly.
 */
function lineTop(line: HTMLElement, box: HTMLElement): { top: number; exact: boolean } {
  const block = line.parentElement;
  if (block && block !== box && !isLaidOut(line)) {
    const share = Array.prototype.indexOf.call(block.children, line) / Math.max(1, block.children.length);
    return { top: offsetWithin(block, box) + share * block.offsetHeight, exact: false };
  }
  return { top: offsetWithin(line, box), exact: true };
}

/** The element's top in the box's content, whatever positioned blocks stand between them. */
function offsetWithin(element: HTMLElement, box: HTMLElement): number {
  let top = 0;
  for (let at: HTMLElement | null = element; at && at !== box; at = at.offsetParent as HTMLElement | null) {
    top += at.offsetTop;
  }
  return top;
}

type TranscriptProps = { videoId: string; clock: React.RefObject<PlayerClock | null> };

/** The transcript: the reader's interactive text, section by section, loading more as the learner nears its end. */
export function Transcript({ videoId, clock }: TranscriptProps) {
  const { t } = useLingui();
  const targetLang = usePreferences((s) => s.targetLang);
  const homeLang = usePreferences((s) => s.homeLang);
  const levelDisplay = useLevelDisplayClass();
  const pauseOnTap = usePreferences((s) => s.pauseOnTap);
  const pauseOnTapToggled = usePreferences((s) => s.pauseOnTapToggled);
  // On a phone the toggles wait behind one button, so the transcript keeps the height they would take.
  const isMobile = useIsMobile();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const togglesId = useId();
  const transcript = useInfiniteQuery(videoQueries.transcript(targetLang, videoId));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = transcript;
  const pages = transcript.data?.pages;
  // A new batch renders as a transition, in slices between frames, so appending never blocks playback or scrolling.
  const sections = useDeferredValue(useMemo(() => pages?.flatMap((page) => page.sections) ?? [], [pages]));
  const box = useRef<HTMLDivElement>(null);
  useFollowPlayback(box, sections, clock);

  // Spec §4/§9: past 90 % of the scroll, more sections load, 300 ms after the scrolling settles; a batch that
  // leaves the box still short of that asks for the next one.
  const loaded = pages?.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each batch that arrives checks the scroll again
  useEffect(() => {
    const element = box.current;
    if (!element || !hasNextPage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (scrolledPast(element, timings.scrollLoadRatio) && !isFetchingNextPage) void fetchNextPage();
      }, timings.scrollDebounceMs);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      clearTimeout(timer);
      element.removeEventListener('scroll', onScroll);
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, loaded]);

  const renderSectionStart = useCallback(
    (section: Section) =>
      section.offset === undefined ? null : (
        <button
          type="button"
          className="timestamp"
          aria-label={t`Play from ${formatTimestamp(Math.round(section.offset))}`}
          onClick={() => clock.current?.seek(section.offset ?? 0)}
        >
          {/* Offsets come shifted a fraction earlier (spec §7); the stamp shows the second the line starts. */}
          {formatTimestamp(Math.round(section.offset))}
        </button>
      ),
    [clock, t],
  );
  const onWordSelected = useCallback(() => {
    if (usePreferences.getState().pauseOnTap) clock.current?.pause();
  }, [clock]);

  return (
    <section className={`transcript ${levelDisplay}`.trim()} aria-label={t`Transcript`}>
      <div className="transcript-tools">
        {isMobile ? (
          <button
            type="button"
            className="toggle transcript-options"
            aria-expanded={optionsOpen}
            aria-controls={togglesId}
            onClick={() => setOptionsOpen((open) => !open)}
          >
            <SlidersHorizontal size={16} aria-hidden="true" />
            <Trans>Options</Trans>
          </button>
        ) : null}
        <div id={togglesId} className="transcript-toggles" hidden={isMobile && !optionsOpen}>
          <TextToggles />
          <button type="button" className="toggle" aria-pressed={pauseOnTap} onClick={pauseOnTapToggled}>
            <Trans>Pause when I tap a word</Trans>
          </button>
        </div>
      </div>
      <div ref={box} className="transcript-text">
        {transcript.isPending ? (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : null}
        {transcript.isError ? (
          <p role="alert">
            <Trans>An error occurred</Trans>
          </p>
        ) : null}
        {sections.length > 0 ? (
          <InteractiveText
            sections={sections}
            targetLang={targetLang}
            homeLang={homeLang}
            source={{ videoId }}
            keysEnabled
            renderSectionStart={renderSectionStart}
            onWordSelected={onWordSelected}
            chunkSize={transcriptChunk}
          />
        ) : null}
        {isFetchingNextPage ? (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The embed's iframe lives in the player element's shadow root, made without a title; a frame needs a name
 * (WCAG 4.1.2). The player element appears once react-player has loaded it, and may remake its iframe, so both
 * are watched.
 */
function useNamedEmbed(container: React.RefObject<HTMLElement | null>, name: string) {
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const watched = new Set<ShadowRoot>();
    const observers: MutationObserver[] = [];
    const scan = () => {
      for (const element of host.querySelectorAll('*')) {
        const root = element.shadowRoot;
        if (!root) continue;
        for (const frame of root.querySelectorAll('iframe')) if (frame.title !== name) frame.title = name;
        if (watched.has(root)) continue;
        watched.add(root);
        const observer = new MutationObserver(scan);
        observer.observe(root, { childList: true, subtree: true });
        observers.push(observer);
      }
    };
    scan();
    const outer = new MutationObserver(scan);
    outer.observe(host, { childList: true, subtree: true });
    return () => {
      outer.disconnect();
      for (const observer of observers) observer.disconnect();
    };
  }, [container, name]);
}

/** The embedded player beside its transcript (stacked on a phone). */
export function VideoPlayerScreen({ videoId }: { videoId: string }) {
  const { t } = useLingui();
  const player = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  useNamedEmbed(frame, t`Video player`);
  const clock = useRef<PlayerClock | null>({
    currentTime: () => player.current?.currentTime ?? 0,
    seek: (seconds) => {
      if (player.current) player.current.currentTime = seconds;
    },
    pause: () => player.current?.pause(),
  });
  return (
    <section className="page video-player">
      <div ref={frame} className="player">
        <ReactPlayer ref={player} src={youtubeWatchUrl(videoId)} controls width="100%" height="100%" />
      </div>
      <Transcript videoId={videoId} clock={clock} />
    </section>
  );
}
