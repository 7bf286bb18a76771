import { useLingui } from '@lingui/react/macro';
import { Coins, Flame, Gem } from 'lucide-react';
import type { User } from '@/contract/entities';
import { abbreviateCount, isProActive, usageLevel } from '../format';
import './header-balances.css';

/** Words used of the limit, streak, coins and diamonds; the stylesheet decides where (and whether) they show. */
export function Balances({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  // The user record carries the count: no page downloads the learner's whole word list for the header.
  const used = user.wordCount;
  const pro = isProActive(user.pro);
  const streak = user.streak.length;
  return (
    <ul className="balances" aria-label={t`Your balances`}>
      <li
        className={`balance words usage-${usageLevel(used, user.wordLimit)}`}
        title={t`Words saved of your word limit`}
      >
        <span className="visually-hidden">{t`Words`}</span>
        {used}/{user.wordLimit}
      </li>
      <li className={`balance streak${pro ? ' pro' : ''}`} title={pro ? t`Streak (Pro Gold)` : t`Streak`}>
        <Flame className="flame-icon" size={16} aria-hidden="true" fill="currentColor" />
        <span className="visually-hidden">{t`Streak days`}</span>
        {streak}
      </li>
      <li className="balance coins" title={t`Coins: ${user.creditAmount}`}>
        <Coins size={16} aria-hidden="true" />
        <span className="visually-hidden">{t`Coins`}</span>
        {abbreviateCount(user.creditAmount, i18n.locale)}
      </li>
      <li className="balance diamonds" title={t`Diamonds: ${user.diamondAmount}`}>
        <Gem size={16} aria-hidden="true" />
        <span className="visually-hidden">{t`Diamonds`}</span>
        {abbreviateCount(user.diamondAmount, i18n.locale)}
      </li>
    </ul>
  );
}
