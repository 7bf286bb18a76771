import { findUserByEmail, readerAccount, wordsOf } from '@mocks/db';
import { server } from '@mocks/node';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { coverageOf } from '@/contract/coverage';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

/**
 * jsdom lays nothing out: sub-category rows are made 800 px wide in a 328 px view, and scroll as a browser does
 * (scrollTo moves them, within their bounds, and tells their listeners).
 */
function stubScrollingRows() {
  const positions = new WeakMap<Element, number>();
  const isRow = (element: Element) => element.classList.contains('sub-category-row');
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return isRow(this) ? 800 : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isRow(this) ? 328 : 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
    return positions.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(function (
    this: Element,
    options?: ScrollToOptions | number,
  ) {
    const left = typeof options === 'object' ? (options.left ?? 0) : 0;
    positions.set(this, Math.min(800 - 328, Math.max(0, left)));
    this.dispatchEvent(new Event('scroll'));
  });
}

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

  it("marks the library's names and texts as written in the language learnt, for screen readers", async () => {
    await renderApp('/', { targetLang: 'de' });
    const category = await screen.findByRole('region', { name: 'Alltag' });
    expect(within(category).getByRole('heading', { name: 'Alltag' })).toHaveAttribute('lang', 'de');
    expect(within(category).getByText('Im Haus')).toHaveAttribute('lang', 'de');
    const card = within(category).getAllByRole('link')[0] as HTMLElement;
    expect(card.querySelector('.content-card-title')).toHaveAttribute('lang', 'de');
    expect(card.querySelector('.content-card-description')).toHaveAttribute('lang', 'de');
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

  it('shows a row holding more than it shows with named buttons that scroll it, each off at its end', async () => {
    stubScrollingRows();
    try {
      const { user } = await renderApp('/', { width: 360 });
      const category = await screen.findByRole('region', { name: 'Everyday Life' });
      const back = within(category).getByRole('button', { name: 'Scroll Everyday Life back' });
      const forward = within(category).getByRole('button', { name: 'Scroll Everyday Life forward' });
      expect(back).toHaveAttribute('aria-disabled', 'true');
      expect(forward).toHaveAttribute('aria-disabled', 'false');
      expect(within(category).getByRole('list')).toHaveAttribute('data-more-forward');
      forward.focus();
      await user.keyboard('{Enter}');
      expect(back).toHaveAttribute('aria-disabled', 'false');
      await user.keyboard('{Enter}');
      expect(forward).toHaveAttribute('aria-disabled', 'true');
      expect(forward).toHaveFocus();
      await user.click(back);
      expect(forward).toHaveAttribute('aria-disabled', 'false');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('shows no scroll buttons for a row that shows all it holds', async () => {
    await renderApp('/');
    const category = await screen.findByRole('region', { name: 'Everyday Life' });
    expect(within(category).queryByRole('button', { name: /^Scroll / })).not.toBeInTheDocument();
  });

  it('tells a visitor what Folio is, above the library', async () => {
    await renderApp('/');
    const heading = await screen.findByRole('heading', { name: 'Read your way into a new language' });
    const intro = heading.parentElement as HTMLElement;
    expect(intro).toHaveTextContent(/Folio has graded stories/);
    expect(within(intro).getByRole('link', { name: 'Register for free' })).toHaveAttribute('href', '/signup');
    const library = screen.getByRole('region', { name: 'Everyday Life' });
    expect(intro.compareDocumentPosition(library) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a member the library without the introduction', async () => {
    await renderApp('/', { user: signedIn() });
    await screen.findByRole('region', { name: 'Everyday Life' });
    expect(screen.queryByRole('heading', { name: 'Read your way into a new language' })).not.toBeInTheDocument();
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

/** The figures a card's link is described by: "53 new words" and the like, read after its name. */
const figures = /^\d+% known \d+ new words? (Comfortable|Stretch|Hard)$/;

function savedLevel(lowercase: string) {
  const reader = findUserByEmail(readerAccount.email);
  return reader ? wordsOf(reader).find((word) => word.lowercase === lowercase && word.language === 'en')?.level : 0;
}

describe('known-word figures on the library cards', () => {
  it("shows a member how much of each text they know, and the text's band", async () => {
    await renderApp('/', { user: signedIn() });
    const card = await screen.findByRole('link', { name: /The Rainy Saturday/ });
    await waitFor(() => expect(card).toHaveAccessibleDescription('0% known 53 new words Hard'));
    expect(within(card).getByText('Hard')).toBeVisible();
    expect(screen.getByRole('link', { name: /A New Neighbour/ })).toHaveAccessibleDescription(figures);
  });

  it('shows a visitor no figures, and asks for none', async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => asked.push(new URL(request.url).pathname);
    server.events.on('request:start', listen);
    try {
      await renderApp('/');
      const card = await screen.findByRole('link', { name: /The Rainy Saturday/ });
      expect(card).not.toHaveAttribute('aria-describedby');
      expect(card).not.toHaveTextContent(/known/);
    } finally {
      server.events.removeListener('request:start', listen);
    }
    expect(asked.filter((path) => path.includes('/coverage/'))).toEqual([]);
  });

  it('shows nothing, never NaN, for a text without words', async () => {
    server.use(
      http.get('*/api/v1/coverage/texts/:lang', ({ request }) => {
        const ids = new URL(request.url).searchParams.get('ids')?.split(',') ?? [];
        const empty = coverageOf({ wordTokens: 0, knownTokens: 0, familiarTokens: 0, newWords: 0 });
        return HttpResponse.json({
          message: 'success',
          status: 200,
          details: ids.map((id) => ({ id: Number(id), ...empty })),
        });
      }),
    );
    await renderApp('/', { user: signedIn() });
    const card = await screen.findByRole('link', { name: /The Rainy Saturday/ });
    await waitFor(() => expect(card.querySelector('.coverage-figure')).toBeInTheDocument());
    expect(card).toHaveAccessibleDescription('');
    expect(card).not.toHaveTextContent(/NaN|known|new word/);
  });

  it('shows a level saved in the reader on the next listing, never the figures from before', async () => {
    const { user, router } = await renderApp('/', { user: signedIn() });
    const card = await screen.findByRole('link', { name: /The Rainy Saturday/ });
    const before = '0% known 53 new words Hard';
    await waitFor(() => expect(card).toHaveAccessibleDescription(before));
    await user.click(card);
    await screen.findByRole('tab', { name: 'Text' }, { timeout: 5000 });
    await waitFor(() => expect(document.querySelector('[data-w]')).not.toBeNull());
    const fresh = [...document.querySelectorAll<HTMLElement>('[data-w]')].find(
      (element) => savedLevel(element.dataset.w ?? '') === undefined,
    );
    if (!fresh) throw new Error('no unsaved word on the page');
    await user.click(fresh);
    await user.keyboard('4');
    await waitFor(() => expect(savedLevel(fresh.dataset.w ?? '')).toBe(4));
    // The next listing's figures wait until the test lets them through (msw then answers with its own handler).
    const { promise: answered, resolve: answer } = Promise.withResolvers<void>();
    server.use(http.get('*/api/v1/coverage/texts/:lang', () => answered));
    await act(() => router.navigate({ to: '/' }));
    const again = await screen.findByRole('link', { name: /The Rainy Saturday/ });
    expect(again).toHaveAccessibleDescription('');
    answer();
    await waitFor(() =>
      expect(again).toHaveAccessibleDescription(/^[1-9]\d*% known 52 new words (Comfortable|Stretch|Hard)$/),
    );
  });
});
