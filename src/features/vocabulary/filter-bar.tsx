import { Trans, useLingui } from '@lingui/react/macro';
import { memo, type ReactNode, startTransition, useEffect, useId, useOptimistic, useRef, useState } from 'react';
import type { VocabularyFilters } from '@/api/vocabulary';
import type { Progress } from '@/contract/endpoints/progress';
import { vocabularySorts } from '@/contract/entities';

/** How long the search waits after the last key before it asks. */
const searchDelayMs = 250;

const levels = [0, 1, 2, 3, 4] as const;

type FilterBarProps = {
  /** The learner's saved words per level (whatever the filters), once the progress call has answered. */
  counts: Progress['levels'] | undefined;
  filters: VocabularyFilters;
  /** Changes the filters in the address; settled once the new address is the route's. */
  onFiltersChange: (change: Partial<VocabularyFilters>) => Promise<void> | void;
};

/** The search box: what is typed shows at once and is asked for once typing pauses. */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(q);
  const asked = useRef(q);

  useEffect(() => {
    if (text === asked.current) return;
    const timer = setTimeout(() => {
      asked.current = text;
      onSearch(text);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  // A search changed elsewhere (the back button) replaces what the box shows.
  useEffect(() => {
    if (q === asked.current) return;
    asked.current = q;
    setText(q);
  }, [q]);

  return (
    <div className="vocabulary-search">
      <label htmlFor={id}>
        <Trans>Search</Trans>
      </label>
      <input
        id={id}
        type="search"
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}

/**
 * Above the list: the levels to show (several at once, each with its count), the search, the order, the grouping by
 * family, and the saved phrases alone.
 */
export const FilterBar = memo(function FilterBar({ counts, filters, onFiltersChange }: FilterBarProps) {
  const { t, i18n } = useLingui();
  const sortId = useId();
  const onSearch = useRef((q: string) => onFiltersChange({ q }));
  onSearch.current = (q: string) => onFiltersChange({ q });
  const [search] = useState(() => (q: string) => onSearch.current(q));

  const toggle = (level: number) =>
    onFiltersChange({
      levels: filters.levels.includes(level)
        ? filters.levels.filter((shown) => shown !== level)
        : [...filters.levels, level].sort((a, b) => a - b),
    });

  return (
    <div className="vocabulary-filters">
      <fieldset className="vocabulary-levels">
        <legend className="visually-hidden">
          <Trans>Show levels</Trans>
        </legend>
        {levels.map((level) => (
          <button
            key={level}
            type="button"
            className="vocabulary-level"
            data-level={level}
            aria-pressed={filters.levels.includes(level)}
            onClick={() => toggle(level)}
          >
            <span className="vocabulary-level-name">
              <Trans>Level {level}</Trans>
            </span>{' '}
            <span className="vocabulary-level-count">{counts ? i18n.number(counts[level]) : '…'}</span>
          </button>
        ))}
      </fieldset>
      <SearchBox q={filters.q} onSearch={search} />
      <div className="vocabulary-sort">
        <label htmlFor={sortId}>
          <Trans>Sort</Trans>
        </label>
        <select
          id={sortId}
          value={filters.sort}
          onChange={(event) => {
            const sort = vocabularySorts.find((known) => known === event.target.value);
            if (sort) onFiltersChange({ sort });
          }}
        >
          <option value="recent">{t`Recently changed`}</option>
          <option value="az">{t`A–Z`}</option>
          <option value="frequency">{t`Most frequent`}</option>
        </select>
      </div>
      <FilterToggle checked={filters.family === true} onChange={(family) => onFiltersChange({ family })}>
        <Trans>Group by family</Trans>
      </FilterToggle>
      <FilterToggle checked={filters.phrases === true} onChange={(phrases) => onFiltersChange({ phrases })}>
        <Trans>Phrases only</Trans>
      </FilterToggle>
    </div>
  );
});

/**
 * A filter that is on or off: a checkbox with its label. It shows the learner's choice at once, while the address
 * that holds it changes (the router's navigation settles a moment later).
 */
function FilterToggle({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => Promise<void> | void;
  children: ReactNode;
}) {
  const id = useId();
  const [shown, show] = useOptimistic(checked);
  return (
    <div className="vocabulary-family-toggle">
      <input
        id={id}
        type="checkbox"
        checked={shown}
        onChange={(event) => {
          const next = event.target.checked;
          startTransition(async () => {
            show(next);
            await onChange(next);
          });
        }}
      />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
