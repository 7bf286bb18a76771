import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('read-only reader', () => {
  it("shows the page's words", async () => {
    await renderApp('/reader/1');
    const text = await screen.findByRole('tabpanel');
    expect(text.querySelectorAll('.word').length).toBeGreaterThan(10);
    expect(within(text).getByRole('button', { name: 'Read Next' })).toBeInTheDocument();
  });

  it('lists the pages under a tab named after the page type, with capitalised titles', async () => {
    const { user } = await renderApp('/reader/1');
    await user.click(await screen.findByRole('tab', { name: 'Chapters' }));
    const list = screen.getByRole('tabpanel');
    expect(within(list).getByRole('button', { name: '1. A grey morning' })).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByRole('button', { name: '3. Sun at last' })).toBeInTheDocument();
  });

  it('opens a chosen page and returns to the text', async () => {
    const { user, router } = await renderApp('/reader/1');
    await user.click(await screen.findByRole('tab', { name: 'Chapters' }));
    await user.click(screen.getByRole('button', { name: '3. Sun at last' }));
    expect(await screen.findByRole('button', { name: 'Finished' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it('returns home from the last page', async () => {
    const { user, router } = await renderApp('/reader/1?page=2');
    await user.click(await screen.findByRole('button', { name: 'Finished' }));
    await screen.findByRole('region', { name: 'Everyday Life' });
    expect(router.state.location.pathname).toBe('/');
  });
});
