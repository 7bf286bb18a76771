import { findUserByEmail, mockDb, readerAccount } from '@mocks/db';
import { ok } from '@mocks/handlers/respond';
import { server } from '@mocks/node';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

/** The reader's account as the (mock) server holds it. */
function serverAccount() {
  const account = findUserByEmail(readerAccount.email);
  if (!account) throw new Error('no reader');
  return account;
}

describe('store feedback', () => {
  it('confirms a purchase and says what was bought', async () => {
    const { user } = await renderApp('/store', { user: signedIn('reader', { creditAmount: 1250 }) });
    await user.click(await screen.findByRole('button', { name: '+50 words for 625 coins' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Bought: +50 words')).toBeInTheDocument();
  });

  it('disables an item the balance cannot pay for', async () => {
    serverAccount().diamondAmount = 0;
    await renderApp('/store', { user: signedIn('reader', { diamondAmount: 0 }) });
    expect(await screen.findByRole('button', { name: '+50 words for 25 diamonds' })).toBeDisabled();
  });

  it('opens on the balances the server holds, not the ones kept since the last refresh', async () => {
    serverAccount().creditAmount = 700;
    await renderApp('/store', { user: signedIn('reader', { creditAmount: 0 }) });
    expect(await screen.findByRole('button', { name: '+50 words for 625 coins' })).toBeEnabled();
  });

  it('says when a checkout cannot start', async () => {
    server.use(http.post('*/api/v1/payment/token', () => ok({ sessionId: 'cs_without_page' })));
    const { user } = await renderApp('/store', { user: signedIn() });
    await user.click((await screen.findAllByRole('button', { name: 'Buy' }))[0] as HTMLElement);
    expect(await screen.findByText('The checkout could not start. Please try again later.')).toBeInTheDocument();
  });

  it('applies a valid discount code and says so', async () => {
    const { user } = await renderApp('/store', { user: signedIn() });
    await user.type(await screen.findByLabelText('Discount code'), 'READ10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount READ10 applied: −10%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove READ10' })).toBeInTheDocument();
  });

  it('tells why a code was not applied', async () => {
    const { user } = await renderApp('/store', { user: signedIn() });
    await user.type(await screen.findByLabelText('Discount code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This discount code is not valid');
  });
});

describe('discount codes', () => {
  it('applies at most two codes, and a removed one frees its place', async () => {
    mockDb().discounts.push({ code: 'THIRD5', discountPercent: 5 });
    const { user } = await renderApp('/store', { user: signedIn() });
    const box = await screen.findByLabelText('Discount code');
    for (const code of ['READ10', 'FOLIO20']) {
      await user.type(box, code);
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await screen.findByRole('button', { name: `Remove ${code}` });
    }
    await user.type(box, 'THIRD5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only apply up to 2 discounts');
    await user.click(screen.getByRole('button', { name: 'Remove READ10' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Remove THIRD5' })).toBeInTheDocument();
  });

  it('ignores an empty code', async () => {
    const { user } = await renderApp('/store', { user: signedIn() });
    await user.type(await screen.findByLabelText('Discount code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });
});

describe('card checkout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('goes to the checkout page with the discount codes applied', async () => {
    const bodies: unknown[] = [];
    const record = async ({ request }: { request: Request }) => {
      if (request.url.endsWith('/payment/token')) bodies.push(await request.clone().json());
    };
    server.events.on('request:start', record);
    onTestFinished(() => server.events.removeListener('request:start', record));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = await renderApp('/store', { user: signedIn() });
    await user.type(await screen.findByLabelText('Discount code'), 'read10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Remove READ10' });
    await user.click((await screen.findAllByRole('button', { name: 'Buy' }))[0] as HTMLElement);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringContaining('/store/success?session_id=')));
    expect(bodies).toEqual([{ priceId: 'price_diamonds_100', discountCodes: ['READ10'] }]);
  });

  it('says card payments are not configured, and keeps the card buttons disabled', async () => {
    server.use(
      http.get('*/api/v1/payment/settings', () =>
        HttpResponse.json({ message: 'success', status: 200, details: { cardPayments: false } }),
      ),
    );
    await renderApp('/store', { user: signedIn() });
    expect(
      await screen.findByText(
        'Card payments are not configured on this server: Pro Gold and diamonds cannot be bought here.',
      ),
    ).toBeInTheDocument();
    for (const button of await screen.findAllByRole('button', { name: 'Buy' })) expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go Pro Gold' })).toBeDisabled();
    expect(screen.queryByLabelText('Discount code')).not.toBeInTheDocument();
  });
});

describe('a Pro Gold member', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const inThirtyDays = () => new Date(Date.now() + 30 * 86_400_000);
  const longDate = (date: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(date);

  it('sees the membership and its end date, cannot start a second one, and manages it at the portal', async () => {
    const until = inThirtyDays();
    serverAccount().pro = { endDate: until.toISOString() };
    mockDb().checkouts.cs_mock_pro = { username: readerAccount.username, diamonds: 0, pro: true, granted: true };
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = await renderApp('/store', { user: signedIn() });
    expect(await screen.findByText(`Pro Gold is active until ${longDate(until)}.`)).toBeInTheDocument();
    const goPro = screen.getByRole('button', { name: 'Go Pro Gold' });
    expect(goPro).toBeDisabled();
    expect(goPro).toHaveAccessibleDescription(`Pro Gold is active until ${longDate(until)}.`);
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/store$/)));
  });

  it('granted by an operator, sees the membership with no subscription to manage', async () => {
    const until = inThirtyDays();
    serverAccount().pro = { endDate: until.toISOString(), managed: false };
    await renderApp('/store', { user: signedIn() });
    expect(await screen.findByText(`Pro Gold is active until ${longDate(until)}.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Pro Gold' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('is told why a second subscription was refused, and then sees the membership', async () => {
    const { user } = await renderApp('/store', { user: signedIn() });
    const until = inThirtyDays();
    // Bought meanwhile in another tab: the store still offers the plan.
    serverAccount().pro = { endDate: until.toISOString() };
    await user.click(await screen.findByRole('button', { name: 'Go Pro Gold' }));
    expect(await screen.findByText('Pro Gold is already active: manage your subscription instead')).toBeInTheDocument();
    expect(await screen.findByText(`Pro Gold is active until ${longDate(until)}.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Pro Gold' })).toBeDisabled();
  });
});

describe('discounted prices', () => {
  it('shows the price to pay beside the struck-through one once a code is applied', async () => {
    const { user } = await renderApp('/store', { user: signedIn() });
    expect(await screen.findByText('$2.49')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Discount code'), 'READ10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Remove READ10' });
    const diamonds = screen.getByRole('region', { name: 'Diamonds' });
    expect(within(diamonds).getByText('$2.49', { selector: 's' })).toBeInTheDocument();
    expect(within(diamonds).getByText('$2.24', { selector: 'ins' })).toBeInTheDocument();
    expect(within(diamonds).getByText('Now $2.24, was $2.49')).toBeInTheDocument();
    const pro = screen.getByRole('region', { name: 'Pro Gold' });
    expect(within(pro).getByText('$9.99', { selector: 's' })).toBeInTheDocument();
    expect(within(pro).getByText('$8.99', { selector: 'ins' })).toBeInTheDocument();
    expect(within(pro).getByText('Your discount applies to the first month.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove READ10' }));
    expect(screen.queryByText('$2.24')).not.toBeInTheDocument();
    expect(within(diamonds).getByText('$2.49', { selector: 'p' })).toBeInTheDocument();
  });

  it('takes the total of two codes off', async () => {
    const { user } = await renderApp('/store', { user: signedIn() });
    const box = await screen.findByLabelText('Discount code');
    for (const code of ['READ10', 'FOLIO20']) {
      await user.type(box, code);
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await screen.findByRole('button', { name: `Remove ${code}` });
    }
    expect(
      within(screen.getByRole('region', { name: 'Pro Gold' })).getByText('$6.99', { selector: 'ins' }),
    ).toBeInTheDocument();
  });
});

describe('balances in the store', () => {
  it('shows the diamonds and coins beside the prices, on a phone too', async () => {
    await renderApp('/store', { user: signedIn(), width: 360, height: 740 });
    const balances = await screen.findByRole('list', { name: 'Your diamonds and coins' });
    expect(within(balances).getByText('120 diamonds')).toBeInTheDocument();
    expect(within(balances).getByText('1,250 coins')).toBeInTheDocument();
  });
});

describe('the success page', () => {
  it('asks for the checkout to be granted and shows the new balance in the header', async () => {
    mockDb().checkouts.cs_mock_paid = { username: readerAccount.username, diamonds: 500, pro: false, granted: false };
    serverAccount().diamondAmount = 120;
    await renderApp('/store/success?session_id=cs_mock_paid', { user: signedIn('reader', { diamondAmount: 120 }) });
    expect(await screen.findByRole('heading', { name: 'success' })).toBeInTheDocument();
    const balances = await screen.findByRole('list', { name: 'Your balances' });
    await vi.waitFor(() => expect(within(balances).getAllByRole('listitem')[3]).toHaveTextContent('620'));
  });
});
