import { server } from '@mocks/node';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { coverageOf } from '@/contract/coverage';
import { usePreferences } from '@/stores/preferences';
import { signedIn, storedLevel } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const member = { user: signedIn(), homeLang: 'de', targetLang: 'en' } as const;

/** The list's rows, each "occurrences coverage [marker] word". */
const rows = () => [...document.querySelectorAll<HTMLElement>('.learn-list .reader-paragraph')];

async function openList() {
  const rendered = await renderApp('/learn/1', member);
  await screen.findByRole('heading', { name: 'Learn these words' });
  return rendered;
}

describe('Learn these words', () => {
  it("lists the text's new words, most frequent first, with the coverage each brings and where 95 % and 98 % are reached", async () => {
    await openList();
    expect(screen.getByText('The Rainy Saturday')).toBeInTheDocument();
    expect(screen.getByText(/% familiar$/)).toBeInTheDocument();
    const list = rows();
    // Each as the text writes it where its case is its own: a name keeps its capital.
    expect(list.map((row) => within(row).getByRole('button').textContent).slice(0, 4)).toEqual([
      'the',
      'at',
      'cat',
      'Tom',
    ]);
    expect(list[0]).toHaveTextContent(/^11 times 18\.4%\s+the$/);
    const stretch = list.findIndex((row) => row.textContent?.includes('95% reached'));
    const comfortable = list.findIndex((row) => row.textContent?.includes('98% reached'));
    expect(list[stretch]).toHaveTextContent(/^1 time 96% 95% reached\s+them$/);
    expect(list[comfortable]).toHaveTextContent(/^1 time 98\.6%\s+98% reached wet$/);
    expect(list.filter((row) => /reached/.test(row.textContent ?? ''))).toHaveLength(2);
    expect(stretch).toBeLessThan(comfortable);
  });

  it("says each row's counts are in the interface's language, its word in the text's", async () => {
    await openList();
    act(() => usePreferences.setState({ locale: 'de' }));
    await screen.findByRole('heading', { name: 'Diese Wörter lernen' });
    const first = rows()[0] as HTMLElement;
    expect(within(first).getByText('11 Mal').closest('[lang]')).toHaveAttribute('lang', 'de');
    expect(within(first).getByRole('button').closest('[lang]')).toHaveAttribute('lang', 'en');
  });

  it("opens a word's translation when it is tapped", async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'cat' }));
    const box = screen.getByRole('region', { name: 'Translation' });
    expect(await within(box).findByText('Katze')).toBeInTheDocument();
  });

  it("sets a word's level with a key, through the reader's save queue, and the figures follow", async () => {
    const { user } = await openList();
    const figures = screen.getByText(/% familiar$/).textContent;
    const cat = screen.getByRole('button', { name: 'cat' });
    await user.click(cat);
    await user.keyboard('4');
    expect(cat).toHaveAttribute('data-level', '4');
    await waitFor(() => expect(storedLevel('cat')).toBe(4));
    expect(screen.getByText(/% familiar$/).textContent).not.toBe(figures);
    expect(screen.getByText('52 new words')).toBeInTheDocument();
  });

  it('says so when the learner knows every word of the text', async () => {
    server.use(
      http.get('*/api/v1/coverage/new-words/:lang/:id', () =>
        HttpResponse.json({
          message: 'success',
          status: 200,
          details: {
            coverage: coverageOf({ wordTokens: 40, knownTokens: 40, familiarTokens: 40, newWords: 0 }),
            words: [],
          },
        }),
      ),
    );
    await openList();
    expect(screen.getByText('You know every word of this text.')).toBeInTheDocument();
    expect(rows()).toHaveLength(0);
  });
});

describe("the cards' way to a text's new words", () => {
  it("offers a member, beside each card's link, a link to the text's new words", async () => {
    const { user } = await renderApp('/', member);
    const links = await screen.findAllByRole('link', { name: 'Learn these words' });
    const learn = links.find((link) => link.closest('li')?.textContent?.startsWith('The Rainy Saturday'));
    if (!learn) throw new Error('No link to the new words of The Rainy Saturday');
    expect(learn).toHaveAccessibleDescription(/^The Rainy Saturday/);
    expect(learn.closest('.content-card')).toBeNull();
    await user.click(learn);
    expect(await screen.findByRole('heading', { name: 'Learn these words' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'the' })).toBeInTheDocument();
  });

  it('offers a visitor nothing', async () => {
    await renderApp('/');
    await screen.findByRole('link', { name: /^The Rainy Saturday/ });
    expect(screen.queryByRole('link', { name: 'Learn these words' })).not.toBeInTheDocument();
  });
});
