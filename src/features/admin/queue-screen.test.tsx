import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const rowOf = (cellText: string) => {
  const cell = screen.getAllByRole('cell').find((candidate) => candidate.textContent === cellText);
  const row = cell?.closest('tr');
  if (!row) throw new Error(`no row with ${cellText}`);
  return row;
};

describe('the job queue', () => {
  it('counts the jobs by state and lists them with their learner and error', async () => {
    await renderApp('/queue', { user: signedIn('admin') });
    const counts = await screen.findByRole('list', { name: 'Jobs by state' });
    expect(within(counts).getByText('Failed').parentElement).toHaveTextContent('Failed 1');
    expect(within(counts).getByText('Done').parentElement).toHaveTextContent('Done 2');
    const failed = rowOf("The video's captions are empty");
    expect(failed).toHaveTextContent('Video transcript');
    expect(failed).toHaveTextContent('reader1');
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("words a failure by its code in the admin's language, and shows a thrown error as the server wrote it", async () => {
    await renderApp('/queue', { user: signedIn('admin') });
    await screen.findByRole('list', { name: 'Jobs by state' });
    expect(rowOf("The video's captions are empty")).toHaveTextContent('Failed');
    expect(screen.queryByText('The captions of this video are empty')).not.toBeInTheDocument();
    expect(rowOf('Connection terminated unexpectedly')).toHaveTextContent('Waiting to retry');
  });

  it('retries a failed job and shows it waiting', async () => {
    const { user } = await renderApp('/queue', { user: signedIn('admin') });
    await screen.findByRole('list', { name: 'Jobs by state' });
    await user.click(within(rowOf("The video's captions are empty")).getByRole('button', { name: 'Retry' }));
    const counts = screen.getByRole('list', { name: 'Jobs by state' });
    expect(await within(counts).findByText('Failed')).toBeInTheDocument();
    await expect.poll(() => within(counts).getByText('Failed').parentElement?.textContent).toBe('Failed 0');
  });

  it('filters by state', async () => {
    const { user } = await renderApp('/queue', { user: signedIn('admin') });
    await screen.findByRole('list', { name: 'Jobs by state' });
    await user.selectOptions(screen.getByLabelText('State'), 'Done');
    await expect.poll(() => screen.getAllByRole('row').length).toBe(3);
    for (const row of screen.getAllByRole('row').slice(1)) expect(row).toHaveAttribute('data-state', 'completed');
  });

  it("writes dates in the interface's language as the browser's region does (en-GB: day before month)", async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    try {
      await renderApp('/queue', { user: signedIn('admin') });
      await screen.findByRole('list', { name: 'Jobs by state' });
      const row = rowOf("The video's captions are empty");
      const created = within(row).getAllByRole('cell')[5];
      // 15 Jan 2026, 14:05, never 1/15/26, 2:05 PM.
      expect(created?.textContent).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    } finally {
      languages.mockRestore();
    }
  });

  it('is for admins only', async () => {
    await renderApp('/queue', { user: signedIn('reader') });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for admins only.');
  });
});
