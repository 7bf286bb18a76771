import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

describe('navigation', () => {
  it('shows Home and YouTube to a visitor, without Store or admin links', async () => {
    await renderApp('/faq');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'YouTube' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Store' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Uploader' })).not.toBeInTheDocument();
  });

  it('adds the Store link for a member', async () => {
    await renderApp('/faq', { user: signedIn() });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Store' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Queue' })).not.toBeInTheDocument();
  });

  it('adds Uploader and Queue for an admin', async () => {
    await renderApp('/faq', { user: signedIn('admin') });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Uploader' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Queue' })).toBeInTheDocument();
  });

  it('has FAQ, terms and the community chat in the top bar, a landmark of its own', async () => {
    await renderApp('/help');
    const topBar = screen.getByRole('navigation', { name: 'Help' });
    expect(within(topBar).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(topBar).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/tncs');
    expect(within(topBar).getByRole('link', { name: 'Community chat' })).toHaveAttribute('target', '_blank');
  });

  it("names the pop-up messages' area in the interface's language", async () => {
    await renderApp('/faq');
    expect(await screen.findByRole('region', { name: 'Messages (Alt+T)' })).toBeInTheDocument();
  });
});

describe('the burger menu below 769 px', () => {
  it('lists the links with Login and Signup for a visitor', async () => {
    const { user } = await renderApp('/faq', { width: 600 });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Home', 'YouTube', 'Login', 'Signup']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('lists Profile and Logout for a member', async () => {
    const { user } = await renderApp('/faq', { width: 600, user: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("carries the member's balances, which a phone's header has no room for", async () => {
    const { user } = await renderApp('/faq', { width: 390, user: signedIn('reader', { diamondAmount: 120 }) });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(within(menu).getByRole('list', { name: 'Your balances' })).getByText('120')).toBeInTheDocument();
  });
});

describe('language pickers', () => {
  it('hides the chosen target from the target picker', async () => {
    const { user } = await renderApp('/faq');
    await user.click(screen.getByRole('button', { name: /^Learning/ }));
    const list = screen.getByRole('list', { name: 'Language you are learning' });
    expect(within(list).queryByRole('button', { name: /English/ })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Hungarian/ })).toBeInTheDocument();
  });

  it('hides Hungarian, Korean and the chosen languages from the home picker', async () => {
    const { user } = await renderApp('/faq');
    await user.click(screen.getByRole('button', { name: /^Learning/ }));
    await user.click(screen.getByRole('button', { name: /German/ }));
    await screen.findByRole('region', { name: 'Alltag' });
    await user.click(screen.getByRole('button', { name: /^I speak/ }));
    const list = screen.getByRole('list', { name: 'Your language' });
    const names = within(list)
      .getAllByRole('button')
      .map((button) => button.textContent?.trim());
    expect(names).toEqual(expect.arrayContaining([expect.stringContaining('Russian')]));
    for (const hidden of ['Hungarian', 'Korean', 'German', 'English']) {
      expect(names.some((name) => name?.includes(hidden))).toBe(false);
    }
  });

  it('goes to / when a language is picked', async () => {
    const { user, router } = await renderApp('/faq');
    await user.click(screen.getByRole('button', { name: /^Learning/ }));
    await user.click(screen.getByRole('button', { name: /German/ }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: /^Learning DE/ })).toBeInTheDocument();
  });

  it('keeps only one menu open at a time', async () => {
    const { user } = await renderApp('/faq', { user: signedIn() });
    await user.click(screen.getByRole('button', { name: /^Learning/ }));
    expect(screen.getByRole('list', { name: 'Language you are learning' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.queryByRole('list', { name: 'Language you are learning' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('closing menus', () => {
  it('closes an open menu on a click elsewhere', async () => {
    const { user } = await renderApp('/faq');
    await user.click(screen.getByRole('button', { name: /^Learning/ }));
    await user.click(screen.getByRole('heading', { name: 'Frequently asked questions' }));
    expect(screen.queryByRole('list', { name: 'Language you are learning' })).not.toBeInTheDocument();
  });

  it('closes an open menu on Escape', async () => {
    const { user } = await renderApp('/faq');
    await user.click(screen.getByRole('button', { name: /^I speak/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Your language' })).not.toBeInTheDocument();
  });
});

describe('profile menu', () => {
  it('offers Log in and Sign up to a visitor', async () => {
    await renderApp('/faq');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it("shows 'error :(' when the user has no username", async () => {
    const { user } = await renderApp('/faq', { user: signedIn('reader', { username: '' }) });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.getByText('error :(')).toBeInTheDocument();
  });

  it('logs out back to the visitor header', async () => {
    const { user } = await renderApp('/faq', { user: signedIn('reader', { username: 'mara' }) });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.getByText('mara')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('folio.user')).toBeNull();
  });
});

describe('pages', () => {
  it.each(['/help', '/profile'])('%s is a placeholder', async (path) => {
    await renderApp(path);
    expect(await screen.findByText("sorry this isn't implemented yet :(")).toBeInTheDocument();
  });

  it.each([
    ['/store/success', 'success'],
    ['/store/cancel', 'cancel'],
    ['/store/pro/success', 'success'],
  ])('%s is headed %s', async (path, word) => {
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${word}$`));
  });

  it.each([
    ['/store/success', 'Thank you! Your payment went through'],
    ['/store/cancel', 'The payment was cancelled and nothing was charged.'],
  ])('%s says what happened and links back to the store', async (path, text) => {
    await renderApp(path, { user: signedIn() });
    expect(await screen.findByText(text, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/store');
  });

  it('explains what a streak gives', async () => {
    await renderApp('/streaks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your streak' })).toBeInTheDocument();
    expect(screen.getByText(/up to 10 words a day/)).toBeInTheDocument();
  });

  it('explains what coins and diamonds buy', async () => {
    await renderApp('/coins');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coins and diamonds' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the store' })).toHaveAttribute('href', '/store');
  });

  it.each([
    ['/store', 'Store · Folio'],
    ['/faq', 'FAQ · Folio'],
    ['/reader/1', 'The Rainy Saturday · Folio'],
    ['/no-such-page', 'Page not found · Folio'],
  ])('titles %s "%s"', async (path, title) => {
    await renderApp(path, { user: signedIn() });
    await vi.waitFor(() => expect(document.title).toBe(title));
  });

  it('keeps the uploader from non-admins', async () => {
    await renderApp('/uploader', { user: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for admins only.');
  });

  it('shows the FAQ with ten questions', async () => {
    await renderApp('/faq');
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(document.querySelectorAll('details summary')).toHaveLength(10);
  });

  it('shows the signup pitch on /youtube to a visitor', async () => {
    await renderApp('/youtube');
    expect(await screen.findByRole('link', { name: 'Register for free' })).toHaveAttribute('href', '/signup');
  });

  it('shows the logo toast', async () => {
    const { user } = await renderApp('/faq');
    await user.click(screen.getByRole('button', { name: 'Folio' }));
    expect(await screen.findByText('Happy reading!')).toBeInTheDocument();
  });
});

describe('interface language', () => {
  it('lays out Arabic right to left', async () => {
    const { user } = await renderApp('/faq');
    await user.selectOptions(screen.getByLabelText('Interface language'), 'ar');
    await screen.findByRole('banner');
    await vi.waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
  });
});
