import { server } from '@mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coverageOf } from '@/contract/coverage';
import { endpoints } from '@/contract/endpoints';
import { signedIn } from '@/test/accounts';
import { renderComponent } from '@/test/render-component';
import { CoverageFigure, useCardCoverage } from './coverage-figure';

/** Reports the cards named as on screen, at once, and every other card as off it. */
function stubViewport(onScreen: readonly number[]) {
  class ViewportStub {
    readonly report: IntersectionObserverCallback;
    constructor(report: IntersectionObserverCallback) {
      this.report = report;
    }
    observe(target: HTMLElement) {
      const isIntersecting = onScreen.includes(Number(target.dataset.coverageCard));
      this.report([{ target, isIntersecting } as unknown as IntersectionObserverEntry], this as never);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', ViewportStub);
}

/** Text n has 200 word tokens, n of them new words met once, the rest known; a call the contract refuses is a 400. */
function answerEveryText() {
  server.use(
    http.get('*/api/v1/coverage/texts/:lang', ({ request }) => {
      const query = endpoints.textCoverage.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success)
        return HttpResponse.json({ message: 'Bad Request', status: 400, details: [] }, { status: 400 });
      const details = query.data.ids.split(',').map((id) => ({
        id: Number(id),
        ...coverageOf({
          wordTokens: 200,
          knownTokens: 200 - Number(id),
          familiarTokens: 200 - Number(id),
          newWords: Number(id),
        }),
      }));
      return HttpResponse.json({ message: 'success', status: 200, details });
    }),
  );
}

function Cards({ count }: { count: number }) {
  const ids = Array.from({ length: count }, (_, index) => index + 1);
  const coverage = useCardCoverage({ kind: 'texts', language: 'en', ids });
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <a href={`/reader/${id}`} aria-describedby={coverage.figureId(id)}>
            Text {id}
            <CoverageFigure coverage={coverage} card={id} />
          </a>
        </li>
      ))}
    </ul>
  );
}

const card = (id: number) => screen.getByRole('link', { name: `Text ${id}` });

describe('known-word figures of a listing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('come for the stretch of cards on screen, not for the cards far below it', async () => {
    stubViewport([1]);
    answerEveryText();
    await renderComponent(<Cards count={120} />, { user: signedIn() });
    await waitFor(() => expect(card(1)).toHaveAccessibleDescription('99% known 1 new word Comfortable'));
    expect(card(48)).toHaveAccessibleDescription('76% known 48 new words Hard');
    expect(card(49)).toHaveAccessibleDescription('');
    expect(card(120)).toHaveAccessibleDescription('');
  });

  it('come for a stretch further down once one of its cards is on screen', async () => {
    stubViewport([100]);
    answerEveryText();
    await renderComponent(<Cards count={120} />, { user: signedIn() });
    await waitFor(() => expect(card(120)).toHaveAccessibleDescription('40% known 120 new words Hard'));
    expect(card(97)).toHaveAccessibleDescription('51% known 97 new words Hard');
    expect(card(96)).toHaveAccessibleDescription('');
  });
});
