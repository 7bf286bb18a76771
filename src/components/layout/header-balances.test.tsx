import { findUserByEmail, readerAccount, wordsOf } from '@mocks/db';
import { daysBefore, streakEndingOn } from '@mocks/fixtures/dates';
import { server } from '@mocks/node';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

function savedWordCount() {
  const reader = findUserByEmail(readerAccount.email);
  return reader ? wordsOf(reader).length : 0;
}

describe('logged-in header', () => {
  it('shows words used of the limit, streak, coins abbreviated and diamonds', async () => {
    await renderApp('/faq', { user: signedIn('reader', { creditAmount: 1250, diamondAmount: 120, wordLimit: 100 }) });
    const balances = await screen.findByRole('list', { name: 'Your balances' });
    const items = within(balances).getAllByRole('listitem');
    expect(await within(balances).findByText(`${savedWordCount()}/100`, { exact: false })).toBeInTheDocument();
    expect(items[0]).toHaveClass('usage-low');
    expect(items[1]).toHaveTextContent('3');
    expect(items[2]).toHaveTextContent('1.2K');
    expect(items[3]).toHaveTextContent('120');
  });

  it("shows the count the user record carries, without downloading the learner's word list", async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', listen);
    try {
      await renderApp('/faq', { user: signedIn('reader', { wordCount: 42, wordLimit: 100 }) });
      const balances = await screen.findByRole('list', { name: 'Your balances' });
      expect(within(balances).getByText('42/100', { exact: false })).toBeInTheDocument();
      expect(asked).not.toContain('/api/v1/userword');
    } finally {
      server.events.removeListener('request:start', listen);
    }
  });

  it('colours the word count red at 80 % of the limit', async () => {
    await renderApp('/faq', { user: signedIn('reader', { wordLimit: savedWordCount() }) });
    const balances = await screen.findByRole('list', { name: 'Your balances' });
    await within(balances).findByText(`${savedWordCount()}/${savedWordCount()}`, { exact: false });
    expect(within(balances).getAllByRole('listitem')[0]).toHaveClass('usage-high');
  });

  it('shows the gold streak icon while Pro Gold is active', async () => {
    const endDate = new Date(Date.now() + 86_400_000).toISOString();
    await renderApp('/faq', { user: signedIn('reader', { pro: { endDate } }) });
    const balances = await screen.findByRole('list', { name: 'Your balances' });
    expect(within(balances).getAllByRole('listitem')[1]).toHaveClass('pro');
  });

  it('shows nothing of this to a visitor', async () => {
    await renderApp('/faq');
    expect(screen.queryByRole('list', { name: 'Your balances' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });
});

describe('balances earned by learning', () => {
  /** The reader's account on the (mock) server: 40 coins, a three-day streak that ended yesterday. */
  function readerEndedStreakYesterday() {
    const account = findUserByEmail(readerAccount.email);
    if (!account) throw new Error('no reader');
    account.creditAmount = 40;
    account.streak = streakEndingOn(daysBefore(new Date(), 1), 3);
  }

  function balanceItems() {
    return within(screen.getByRole('list', { name: 'Your balances' })).getAllByRole('listitem');
  }

  /** The app opened again from its stored state, as after a reload. */
  async function reload() {
    cleanup();
    await renderApp('/faq');
    await screen.findByRole('list', { name: 'Your balances' });
  }

  it('shows the streak day and the coins a saved level earned at once, and after a reload', async () => {
    readerEndedStreakYesterday();
    const { user } = await renderApp('/reader/1', { user: signedIn(), homeLang: 'de', targetLang: 'en' });
    await screen.findByRole('button', { name: 'Finished' });
    expect(balanceItems()[1]).toHaveTextContent(/^Streak days3$/);
    const fresh = [...document.querySelectorAll<HTMLElement>('[data-w="evening"]')][0];
    if (!fresh) throw new Error('no evening');
    await user.click(fresh);
    await user.keyboard('2');
    // Two levels reached for the first time (2 coins) and the day's first learning (5).
    await vi.waitFor(() => expect(balanceItems()[2]).toHaveTextContent(/^Coins47$/));
    expect(balanceItems()[1]).toHaveTextContent(/^Streak days4$/);
    await reload();
    expect(balanceItems()[1]).toHaveTextContent(/^Streak days4$/);
    expect(balanceItems()[2]).toHaveTextContent(/^Coins47$/);
  });

  it('shows the coins a finished page earned at once, and after a reload', async () => {
    readerEndedStreakYesterday();
    const { user } = await renderApp('/reader/1', { user: signedIn(), homeLang: 'de', targetLang: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Finished' }));
    // The page finished for the first time (10 coins) and the day's first learning (5).
    await vi.waitFor(() => expect(balanceItems()[2]).toHaveTextContent(/^Coins55$/));
    expect(balanceItems()[1]).toHaveTextContent(/^Streak days4$/);
    await reload();
    expect(balanceItems()[2]).toHaveTextContent(/^Coins55$/);
  });
});

describe('notifications', () => {
  it('counts unread notifications on the bell and lists them, unread ones with a dot', async () => {
    const { user } = await renderApp('/faq', { user: signedIn() });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    // The list loads with its first opening.
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(within(list).getAllByRole('img', { name: 'Unread' })).toHaveLength(1);
  });

  it('marks a notification read on click', async () => {
    const { user } = await renderApp('/faq', { user: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await screen.findByRole('list', { name: 'Notifications' });
    const unread = screen.getAllByRole('button').find((button) => button.classList.contains('unread'));
    if (!unread) throw new Error('no unread notification');
    await user.click(unread);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
  });

  it("dates them in the interface's language as the browser's region does (en-GB: day before month)", async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    try {
      const { user } = await renderApp('/faq', { user: signedIn() });
      await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
      const dates = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('time');
      // 27 Nov 2026, 14:05, never Nov 27, 2026, 2:05 PM.
      for (const date of dates) expect(date.textContent).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    } finally {
      languages.mockRestore();
    }
  });

  it("says 'No notifications' when there are none", async () => {
    const { user } = await renderApp('/faq', { user: signedIn('admin') });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications')).toBeInTheDocument();
  });
});

describe('session transitions', () => {
  it('refreshes the user on a route change once refreshAt has passed', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const serverSide = findUserByEmail(readerAccount.email);
    if (serverSide) serverSide.refreshAt = past;
    const { user } = await renderApp('/faq', { user: signedIn('reader', { refreshAt: past, wordLimit: 100 }) });
    await user.click(screen.getAllByRole('link', { name: 'Terms and conditions' })[0] ?? document.body);
    const balances = await screen.findByRole('list', { name: 'Your balances' });
    expect(await within(balances).findByText('/103', { exact: false })).toBeInTheDocument();
  });

  it('refreshes the balances when the tab is shown again after a minute away (read on another device meanwhile)', async () => {
    const serverSide = findUserByEmail(readerAccount.email);
    if (serverSide) serverSide.creditAmount = 1250;
    await renderApp('/faq', { user: signedIn('reader', { creditAmount: 3 }) });
    const balances = await screen.findByRole('list', { name: 'Your balances' });
    const coins = () => within(balances).getAllByRole('listitem')[2];
    expect(coins()).toHaveTextContent(/3$/);
    const shown = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(Date.UTC(2026, 10, 29, 12));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    shown.mockReturnValue('visible');
    now.mockReturnValue(Date.UTC(2026, 10, 29, 12, 1));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    now.mockRestore();
    shown.mockRestore();
    await waitFor(() => expect(coins()).toHaveTextContent('1.2K'));
  });

  it('refreshes the balances as the app starts on a record this browser kept a while ago', async () => {
    const serverSide = findUserByEmail(readerAccount.email);
    if (serverSide) serverSide.creditAmount = 1250;
    await renderApp('/faq', { user: signedIn('reader', { creditAmount: 3 }), userKeptAgoMs: 2 * 60_000 });
    const balances = await screen.findByRole('list', { name: 'Your balances' });
    await waitFor(() => expect(within(balances).getAllByRole('listitem')[2]).toHaveTextContent('1.2K'));
  });

  it('asks nothing as the app starts on a record this browser kept a moment ago', async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', listen);
    try {
      const { queryClient } = await renderApp('/faq', { user: signedIn('reader'), userKeptAgoMs: 10_000 });
      await waitFor(() => expect(queryClient.isMutating()).toBe(0));
      expect(asked).toContain('/api/v1/notifications');
      expect(asked).not.toContain('/api/v1/refresh');
    } finally {
      server.events.removeListener('request:start', listen);
    }
  });

  it('asks nothing when the tab was hidden only a moment', async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    const { queryClient } = await renderApp('/faq', { user: signedIn('reader') });
    server.events.on('request:start', listen);
    const shown = vi.spyOn(document, 'visibilityState', 'get');
    const now = vi.spyOn(Date, 'now');
    const away = (seconds: number) => {
      shown.mockReturnValue('hidden');
      now.mockReturnValue(Date.UTC(2026, 10, 29, 12));
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      shown.mockReturnValue('visible');
      now.mockReturnValue(Date.UTC(2026, 10, 29, 12, 0, seconds));
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    const refreshes = () => asked.filter((path) => path === '/api/v1/refresh').length;
    try {
      away(10);
      // A long absence after it asks once: had the moment asked too, there would be two.
      await waitFor(() => expect(queryClient.isMutating()).toBe(0));
      away(60);
      await waitFor(() => expect(refreshes()).toBeGreaterThan(0));
      expect(refreshes()).toBe(1);
    } finally {
      now.mockRestore();
      shown.mockRestore();
      server.events.removeListener('request:start', listen);
    }
  });

  it('logs out when the server says the session has ended', async () => {
    await renderApp('/faq', { user: signedIn('reader', { token: 'revoked-token' }) });
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('folio.user')).toBeNull();
  });
});
