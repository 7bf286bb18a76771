import { useLingui } from '@lingui/react/macro';
import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The deepest route's own title: the one its loader names (a text's title), else its static one; 'Folio' alone else. */
export function useDocumentTitle() {
  const { i18n } = useLingui();
  const title = useMatches({
    select: (matches) => {
      const match = matches.at(-1);
      if (!match) return null;
      const data: unknown = match.loaderData;
      if (data && typeof data === 'object' && 'title' in data && typeof data.title === 'string') return data.title;
      return match.staticData.title ? i18n._(match.staticData.title) : null;
    },
  });
  useEffect(() => {
    document.title = title ? `${title} · Folio` : 'Folio';
  }, [title]);
}
