import { server } from '@mocks/node';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('browse screen', () => {
  it('shows each category with its row of sub-categories', async () => {
    await renderApp('/');
    const category = await screen.findByRole('region', { name: 'Everyday Life' });
    expect(within(category).getByRole('button', { name: /At Home/ })).toBeInTheDocument();
  });

  it("shows the first sub-category's contents until the learner picks another", async () => {
    const { user } = await renderApp('/');
    const category = await screen.findByRole('region', { name: 'Everyday Life' });
    expect(within(category).getByRole('link', { name: /The Rainy Saturday/ })).toBeInTheDocument();
    await user.click(within(category).getByRole('button', { name: /In Town/ }));
    expect(within(category).getByRole('button', { name: /In Town/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(category).getByRole('link', { name: /The Corner Bakery/ })).toBeInTheDocument();
    expect(within(category).queryByRole('link', { name: /The Rainy Saturday/ })).not.toBeInTheDocument();
  });

  it("shows a starter text's level beside its title, and its description without it", async () => {
    await renderApp('/');
    const category = await screen.findByRole('region', { name: 'Everyday Life' });
    expect(
      within(category).getByRole('link', { name: 'The Rainy Saturday A1 Tom spends a wet day at home' }),
    ).toBeInTheDocument();
  });

  it('opens the reader for a content card', async () => {
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByRole('link', { name: /The Rainy Saturday/ }));
    expect(await screen.findByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.pathname).toBe('/reader/1');
  });

  it('on mobile opens the contents in a bottom sheet whose backdrop closes it', async () => {
    const { user } = await renderApp('/', { width: 400 });
    const category = await screen.findByRole('region', { name: 'Everyday Life' });
    expect(within(category).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(category).getByRole('button', { name: /In Town/ }));
    const sheet = screen.getByRole('dialog', { name: 'In Town' });
    expect(within(sheet).getByRole('link', { name: /The Corner Bakery/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when a language has nothing to read yet', async () => {
    server.use(
      http.get('*/api/v1/content/:lang', () => HttpResponse.json({ message: 'success', status: 200, details: [] })),
    );
    await renderApp('/');
    expect(await screen.findByText('There is nothing to read in this language yet.')).toBeInTheDocument();
  });

  it('shows the error screen when the library cannot load', async () => {
    server.use(
      http.get('*/api/v1/content/:lang', () =>
        HttpResponse.json(
          {
            message: 'Internal Server Error',
            status: 500,
            details: [{ error: 'Something went wrong', code: 'internal' }],
          },
          { status: 500 },
        ),
      ),
    );
    await renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
