import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { wordQueries } from '@/api/words';
import type { User } from '@/contract/entities';
import { useShowsBalances } from '@/stores/ui';
import { FlameIcon } from '../flame-icon';
import { abbreviateCount, isProActive, usageLevel } from '../format';
import { NotificationsMenu } from './notifications-menu';

/** Words used of the limit, streak, coins and diamonds (wider than 418 px), then the notification bell. */
export function HeaderBalances({ user }: { user: User }) {
  const { t } = useLingui();
  const showsBalances = useShowsBalances();
  const { data: words } = useQuery(wordQueries.list());
  const used = words?.length ?? 0;
  const pro = isProActive(user.pro);
  const streak = user.streak.length;
  return (
    <div className="header-balances">
      {showsBalances ? (
        <ul className="balances" aria-label={t`Your balances`}>
          <li
            className={`balance words usage-${usageLevel(used, user.wordLimit)}`}
            title={t`Words saved of your word limit`}
          >
            <span className="visually-hidden">{t`Words`}</span>
            {used}/{user.wordLimit}
          </li>
          <li className={`balance streak${pro ? ' pro' : ''}`} title={pro ? t`Streak (Pro Gold)` : t`Streak`}>
            <FlameIcon />
            <span className="visually-hidden">{t`Streak days`}</span>
            {streak}
          </li>
          <li className="balance coins" title={t`Coins: ${user.creditAmount}`}>
            <span aria-hidden="true">🪙</span>
            <span className="visually-hidden">{t`Coins`}</span>
            {abbreviateCount(user.creditAmount)}
          </li>
          <li className="balance diamonds" title={t`Diamonds: ${user.diamondAmount}`}>
            <span aria-hidden="true">💎</span>
            <span className="visually-hidden">{t`Diamonds`}</span>
            {abbreviateCount(user.diamondAmount)}
          </li>
        </ul>
      ) : null}
      <NotificationsMenu />
    </div>
  );
}
