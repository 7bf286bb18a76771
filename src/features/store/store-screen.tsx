import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Coins, Gem } from 'lucide-react';
import { useState } from 'react';
import { paymentQueries, useBuyItem, useCheckout, useCustomerPortal } from '@/api/payments';
import { dateFormatter, isProActive } from '@/components/format';
import { useSession } from '@/components/layout/use-session';
import { Modal } from '@/components/modal';
import {
  coinRewards,
  combinedDiscountPercent,
  diamondPackSavingsPercent,
  diamondPacks,
  storeItems,
} from '@/contract/constants';
import type { BuyItemRequest, Discount, StoreItem } from '@/contract/endpoints/payments';
import { toast } from '@/lib/toast';
import { CardPrice, DiscountBox } from './discounts';
import './store-screen.css';

export function StoreScreen() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const products = useQuery({ ...paymentQueries.products(), enabled: Boolean(user) });
  const buyItem = useBuyItem();
  const settings = useQuery({ ...paymentQueries.settings(), enabled: Boolean(user) });
  const tokenCheckout = useCheckout('token');
  const subscriptionCheckout = useCheckout('subscription');
  const portal = useCustomerPortal();
  const [pending, setPending] = useState<BuyItemRequest | null>(null);
  const [discounts, setDiscounts] = useState<Discount[]>([]);

  if (!user) {
    return (
      <section className="page">
        <p>
          <Trans>Log in to visit the store.</Trans>
        </p>
        <Link to="/login" className="button button-primary">
          <Trans>Log in</Trans>
        </Link>
      </section>
    );
  }

  const pro = products.data?.find((product) => product.name === 'Pro');
  const diamondProduct = products.data?.find((product) => product.name === 'Diamonds');
  const itemLabel = (item: StoreItem) =>
    item.name === 'Word Limit'
      ? t`${plural(item.amount, { one: '+# word', other: '+# words' })}`
      : t`${plural(item.amount, { one: '+# video', other: '+# videos' })}`;
  const priceLabel = (item: BuyItemRequest) =>
    item.payWith === 'diamonds'
      ? t`${plural(item.diamondAmount, { one: '# diamond', other: '# diamonds' })}`
      : t`${plural(item.creditAmount, { one: '# coin', other: '# coins' })}`;
  /** A checkout answer without a page to go to is said, not only logged: the learner pressed a button. */
  const redirectTo = (url: string | undefined) => {
    if (url) window.location.assign(url);
    else toast.error(t`The checkout could not start. Please try again later.`);
  };
  // Without card payments on this server the card buttons stay, disabled, under a note that says why.
  const cardsOff = settings.data?.cardPayments === false;
  const proEndDate = isProActive(user.pro) ? user.pro.endDate : null;
  const proUntil = proEndDate ? dateFormatter(i18n.locale, { dateStyle: 'long' }).format(new Date(proEndDate)) : '';
  const discountPercent = combinedDiscountPercent(discounts.map((discount) => discount.discountPercent));
  const checkoutFor = (priceId: string) => ({
    priceId,
    discountCodes: discounts.map((discount) => discount.code),
  });

  return (
    <section className="page store">
      <h1>
        <Trans>Store</Trans>
      </h1>
      {cardsOff ? (
        <p className="store-note" role="note">
          <Trans>Card payments are not configured on this server: Pro Gold and diamonds cannot be bought here.</Trans>
        </p>
      ) : null}
      <section aria-labelledby="pro-heading" className="store-section">
        <h2 id="pro-heading">
          <Trans>Pro Gold</Trans>
        </h2>
        {proEndDate ? (
          <div className="pro-status">
            <p id="pro-status">
              <Trans>Pro Gold is active until {proUntil}.</Trans>
            </p>
            {/* Pro Gold without a subscription (an operator's grant) has nothing the portal could manage. */}
            {cardsOff || !user.pro.managed ? null : (
              <button
                type="button"
                className="button button-secondary"
                disabled={portal.isPending}
                onClick={() => portal.mutate(undefined, { onSuccess: (page) => window.location.assign(page.url) })}
              >
                <Trans>Manage subscription</Trans>
              </button>
            )}
          </div>
        ) : null}
        <ul className="store-cards">
          {pro?.prices.map((price) => (
            <li key={price.id} className="store-card">
              {price.amount === 0 ? (
                <p className="price">{t`Free`}</p>
              ) : (
                <CardPrice cents={price.amount} discountPercent={discountPercent} />
              )}
              {price.amount > 0 && discountPercent > 0 ? (
                <p className="price-note">{t`Your discount applies to the first month.`}</p>
              ) : null}
              {price.amount > 0 ? (
                <button
                  type="button"
                  className="button button-primary"
                  // A second subscription would charge twice: a member manages theirs above (the server refuses too).
                  disabled={cardsOff || Boolean(proEndDate) || subscriptionCheckout.isPending}
                  aria-describedby={proEndDate ? 'pro-status' : undefined}
                  onClick={() =>
                    subscriptionCheckout.mutate(checkoutFor(price.id), { onSuccess: (s) => redirectTo(s.url) })
                  }
                >
                  <Trans>Go Pro Gold</Trans>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="diamonds-heading" className="store-section">
        <h2 id="diamonds-heading">
          <Trans>Diamonds</Trans>
        </h2>
        <ul className="store-cards">
          {diamondPacks.map((pack) => {
            const price = diamondProduct?.prices.find((p) => p.amount === pack.priceCents);
            const savings = diamondPackSavingsPercent(pack);
            return (
              <li key={pack.priceCents} className="store-card">
                <p className="store-amount">
                  <Gem size={18} aria-hidden="true" />
                  {t`${plural(pack.diamonds, { one: '# diamond', other: '# diamonds' })}`}
                </p>
                <CardPrice cents={pack.priceCents} discountPercent={discountPercent} />
                {savings > 0 ? <p>{t`Save ${savings}%`}</p> : null}
                <button
                  type="button"
                  className="button button-primary"
                  disabled={!price || cardsOff || tokenCheckout.isPending}
                  onClick={() =>
                    price && tokenCheckout.mutate(checkoutFor(price.id), { onSuccess: (s) => redirectTo(s.url) })
                  }
                >
                  <Trans>Buy</Trans>
                </button>
              </li>
            );
          })}
        </ul>
        {settings.data?.cardPayments ? <DiscountBox discounts={discounts} onChange={setDiscounts} /> : null}
      </section>
      <section aria-labelledby="items-heading" className="store-section">
        <h2 id="items-heading">
          <Trans>Boosts</Trans>
        </h2>
        <p>
          <Trans>
            Earn coins by learning: {coinRewards.perNewLevel} for each level a word reaches for the first time,{' '}
            {coinRewards.perFirstFinishedPage} for each page you finish for the first time and{' '}
            {coinRewards.perStreakDay} for each day of your streak, twice as many with Pro Gold. Words and pages earn up
            to {coinRewards.dailyCap} coins a day.
          </Trans>
        </p>
        <ul className="store-balances" aria-label={t`Your diamonds and coins`}>
          <li>
            <Gem size={18} aria-hidden="true" />
            {t`${plural(user.diamondAmount, { one: '# diamond', other: '# diamonds' })}`}
          </li>
          <li>
            <Coins size={18} aria-hidden="true" />
            {t`${plural(user.creditAmount, { one: '# coin', other: '# coins' })}`}
          </li>
        </ul>
        <ul className="store-cards">
          {storeItems.map((item) => (
            <li key={`${item.name}-${item.amount}`} className="store-card">
              <p>{itemLabel(item)}</p>
              <button
                type="button"
                className="button button-secondary"
                disabled={user.diamondAmount < item.diamondAmount}
                aria-label={t`${itemLabel(item)} for ${priceLabel({ ...item, payWith: 'diamonds' })}`}
                onClick={() => setPending({ ...item, payWith: 'diamonds' })}
              >
                <Gem size={16} aria-hidden="true" /> {i18n.number(item.diamondAmount)}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={user.creditAmount < item.creditAmount}
                aria-label={t`${itemLabel(item)} for ${priceLabel({ ...item, payWith: 'credits' })}`}
                onClick={() => setPending({ ...item, payWith: 'credits' })}
              >
                <Coins size={16} aria-hidden="true" /> {i18n.number(item.creditAmount)}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {pending ? (
        <Modal title={t`Are you sure?`} onClose={() => setPending(null)}>
          <p>{t`${itemLabel(pending)} for ${priceLabel(pending)}`}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setPending(null)}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                const bought = itemLabel(pending);
                buyItem.mutate(pending, { onSuccess: () => toast.success(t`Bought: ${bought}`) });
                setPending(null);
              }}
            >
              <Trans>Yes</Trans>
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
