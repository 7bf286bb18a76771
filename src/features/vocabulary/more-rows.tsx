import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';

type MoreRowsProps = { hasMore: boolean; loading: boolean; onMore: () => void };

/**
 * The list's next page: asked for as its end nears the screen (an observer on this row), or with the button, which
 * a keyboard reaches after the last row.
 */
export function MoreRows({ hasMore, loading, onMore }: MoreRowsProps) {
  const row = useRef<HTMLDivElement>(null);
  const latestOnMore = useRef(onMore);
  latestOnMore.current = onMore;

  // Observed anew after each page: a page that leaves the end still in view asks for the next one at once.
  useEffect(() => {
    const element = row.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latestOnMore.current();
      },
      { rootMargin: '0px 0px 50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={row} className="vocabulary-more">
      <button type="button" className="button button-secondary" aria-busy={loading} onClick={onMore}>
        {loading ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
      </button>
    </div>
  );
}
