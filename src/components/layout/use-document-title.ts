import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';

const notFoundTitle = msg`Page not found`;

/**
 * The deepest route's own title: the one its loader names (a text's title), else its static one; the not-found
 * page's when no route has the path; 'Folio' alone else.
 */
export function useDocumentTitle() {
  const { i18n } = useLingui();
  const title = useMatches({
    select: (matches) => {
      if (matches.some((match) => match.status === 'notFound' || match._notFound)) return i18n._(notFoundTitle);
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
