import { readerAccount } from '@mocks/db';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadSoon } from '@/components/reload';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

vi.mock('@/components/reload', () => ({ reloadSoon: vi.fn() }));

describe('login', () => {
  it.each([
    ['', 'reading42', 'Email is required'],
    ['a@b.c', 'reading42', 'Email must be at least 6 characters long'],
    ['not-an-email', 'reading42', 'Email is not valid'],
    ['reader@example.com', '', 'Password is required'],
    ['reader@example.com', 'ab1', 'Password must be at least 6 characters long'],
    ['reader@example.com', 'qwerty', 'Password is too common, please choose a stronger one'],
    ['reader@example.com', 'onlyletters', 'Password should include a mix of letters and numbers'],
  ])('with %j / %j shows "%s"', async (email, password, message) => {
    const { user } = await renderApp('/login');
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("shows the server's message for a wrong password", async () => {
    const { user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Email'), readerAccount.email);
    await user.type(screen.getByLabelText('Password'), 'wrong4242');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Email or password is incorrect')).toBeInTheDocument();
  });

  it('keeps the user and reloads the page after success', async () => {
    const { user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Email'), readerAccount.email);
    await user.type(screen.getByLabelText('Password'), readerAccount.password);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(reloadSoon).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem('folio.user') ?? '{}').username).toBe(readerAccount.username);
  });

  it('shows and hides the password', async () => {
    const { user } = await renderApp('/login');
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
  });

  it('sends a logged-in user to /', async () => {
    const { router } = await renderApp('/login', { user: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('signup', () => {
  async function fillSignup(values: Partial<Record<'Username' | 'Email' | 'Password' | 'Confirm password', string>>) {
    const rendered = await renderApp('/signup');
    // The form arrives with its route's code, after the shell.
    await screen.findByLabelText('Username');
    for (const [label, value] of Object.entries(values)) {
      if (value) await rendered.user.type(screen.getByLabelText(label), value);
    }
    return rendered;
  }

  const valid = { Username: 'mara', Email: 'mara@example.com', Password: 'reading42', 'Confirm password': 'reading42' };

  it('does not sign up without the terms and says why beside the box', async () => {
    const { user } = await fillSignup(valid);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Please accept the terms and conditions to sign up.')).toBeInTheDocument();
    expect(screen.getByLabelText('I accept the terms and conditions')).toHaveAttribute('aria-invalid', 'true');
    expect(reloadSoon).not.toHaveBeenCalled();
  });

  it('clears the terms hint once the box is ticked', async () => {
    const { user } = await fillSignup(valid);
    await user.click(screen.getByRole('button', { name: 'Register for free' }));
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    expect(screen.queryByText('Please accept the terms and conditions to sign up.')).not.toBeInTheDocument();
  });

  it.each([
    [{ Username: '' }, 'Username is required'],
    [{ Username: 'ma ra' }, 'Username can only contain letters and numbers'],
    [{ Email: 'nope' }, 'Email is not valid'],
    [{ 'Confirm password': '' }, 'Confirm Password is required'],
    [{ 'Confirm password': 'reading43' }, 'Passwords do not match'],
    [{ Password: 'mara12345', 'Confirm password': 'mara12345' }, 'Password cannot contain your username'],
  ])('with %j shows "%s"', async (change, message) => {
    const { user } = await fillSignup({ ...valid, ...change });
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Register for free' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("shows the server's first error for a taken email beside the email, which takes the focus", async () => {
    const { user } = await fillSignup({ ...valid, Email: readerAccount.email });
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An account with this email already exists');
    expect(email).toHaveFocus();
  });

  it('opens the terms in a dialog that closes', async () => {
    const { user } = await renderApp('/signup');
    await user.click(screen.getByRole('button', { name: 'Read the terms' }));
    const dialog = screen.getByRole('dialog', { name: 'Terms and conditions' });
    expect(dialog).toHaveTextContent(/England and Wales/);
    await user.click(screen.getAllByRole('button', { name: 'Close' })[1] ?? dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('creates the account and reloads', async () => {
    const { user } = await fillSignup(valid);
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(reloadSoon).toHaveBeenCalled());
  });
});
