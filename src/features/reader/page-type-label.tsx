import { useLingui } from '@lingui/react/macro';
import type { PageType } from '@/contract/entities';

export function PageTypeLabel({ pageType }: { pageType: PageType }) {
  const { t } = useLingui();
  const labels: Record<PageType, string> = {
    chapter: t`Chapters`,
    part: t`Parts`,
    page: t`Pages`,
    article: t`Articles`,
    episode: t`Episodes`,
  };
  return labels[pageType];
}
