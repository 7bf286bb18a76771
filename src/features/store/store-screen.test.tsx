import { findUserByEmail, readerAccount } from '@mocks/db';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
