import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorText } from '@/api/error-text';
import { useCheckDiscount } from '@/api/payments';
import { discountedCents, maxDiscountCodes } from '@/contract/constants';
import type { Discount } from '@/contract/endpoints/payments';
import { toast } from '@/lib/toast';
import './discounts.css';

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A card price; with discount codes applied, the price to pay beside the struck-through one. */
export function CardPrice({ cents, discountPercent }: { cents: number; discountPercent: number }) {
  const { t } = useLingui();
  if (discountPercent <= 0) return <p className="price">{dollars(cents)}</p>;
  const full = dollars(cents);
  const discounted = dollars(discountedCents(cents, discountPercent));
  return (
    <p className="price discounted-price">
      <span aria-hidden="true">
        <s>{full}</s> <ins>{discounted}</ins>
      </span>
      <span className="visually-hidden">{t`Now ${discounted}, was ${full}`}</span>
    </p>
  );
}

export function DiscountBox({ discounts, onChange }: { discounts: Discount[]; onChange: (next: Discount[]) => void }) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useCheckDiscount();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    if (discounts.length >= maxDiscountCodes) {
      setError(t`You can only apply up to 2 discounts`);
      return;
    }
    setError(null);
    check.mutate(trimmed, {
      onSuccess: (discount) => {
        if (!discounts.some((d) => d.code === discount.code)) onChange([...discounts, discount]);
        setCode('');
        toast.success(t`Discount ${discount.code} applied: −${discount.discountPercent}%`);
      },
      // Spec §7 ignores a refused code; the learner is told beside the box instead of being left guessing.
      onError: (refusal) => setError(errorText(refusal, i18n)),
    });
  };
  return (
    <form className="discount-box" onSubmit={onSubmit}>
      <label htmlFor="discount-code">
        <Trans>Discount code</Trans>
      </label>
      <input id="discount-code" value={code} onChange={(event) => setCode(event.target.value)} />
      <button type="submit" className="button button-secondary">
        <Trans>Apply</Trans>
      </button>
      {error ? <p role="alert">{error}</p> : null}
      <ul>
        {discounts.map((discount) => (
          <li key={discount.code}>
            {discount.code} −{discount.discountPercent}%{' '}
            <button
              type="button"
              className="link-button"
              aria-label={t`Remove ${discount.code}`}
              onClick={() => onChange(discounts.filter((d) => d.code !== discount.code))}
            >
              <X size={16} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </form>
  );
}
