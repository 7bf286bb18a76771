import { findUserByEmail, readerAccount } from '@mocks/db';
import { countProgress, learningDayOf } from '@mocks/handlers/progress';
import { fail } from '@mocks/handlers/respond';
import { server } from '@mocks/node';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TIME_ZONE_HEADER } from '@/contract/endpoints';
import { browserTimeZone } from '@/lib/time-zone';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const member = { user: signedIn(), homeLang: 'en', targetLang: 'de' } as const;

const reader = () => {
  const user = findUserByEmail(readerAccount.email);
  if (!user) throw new Error('No reader account');
  return user;
};

/** The learner's day `daysAgo` before today, as the app's calls name it (their zone). */
function learnerDay(daysAgo: number): string {
  const today = learningDayOf(new Request('http://folio.test', { headers: { [TIME_ZONE_HEADER]: browserTimeZone() } }));
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return day.toISOString().slice(0, 10);
}

const panel = () => screen.getByRole('region', { name: 'Progress' });
const summaryText = /^In the last 30 days: /;

async function openWords() {
  const rendered = await renderApp('/words', member);
  await screen.findByRole('button', { name: 'katze' });
  await within(panel()).findByText(summaryText);
  return rendered;
}

describe('the progress panel on the vocabulary screen', () => {
  it("totals a member's last 30 days in one line, with the chart's legend", async () => {
    countProgress(reader(), 'de', learnerDay(0), { wordsSaved: 3, wordsKnown: 2, pagesRead: 1 });
    countProgress(reader(), 'de', learnerDay(29), { wordsSaved: 1 });
    countProgress(reader(), 'de', learnerDay(30), { wordsSaved: 50, wordsKnown: 50 });
    countProgress(reader(), 'en', learnerDay(0), { wordsSaved: 7 });
    await openWords();
    expect(within(panel()).getByText(summaryText)).toHaveTextContent(
      'In the last 30 days: 4 words saved, 2 made known, 1 page read',
    );
    const legend = within(panel()).getByRole('list');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Words saved', 'Words made known', 'Pages read']);
  });

  it('draws no chart, scale or table for 30 days without activity: the summary says so', async () => {
    countProgress(reader(), 'de', learnerDay(30), { wordsSaved: 5 });
    await openWords();
    expect(within(panel()).getByText(summaryText)).toHaveTextContent(
      'In the last 30 days: 0 words saved, 0 made known, 0 pages read',
    );
    expect(within(panel()).queryByRole('list')).not.toBeInTheDocument();
    expect(within(panel()).queryByText('Show as table')).not.toBeInTheDocument();
    expect(panel().querySelector('.progress-chart-area')).toBeNull();
  });

  it('shows each of the 30 days as a row of a table on demand, oldest first', async () => {
    countProgress(reader(), 'de', learnerDay(0), { wordsSaved: 3, wordsKnown: 2, pagesRead: 1 });
    const { user } = await openWords();
    expect(within(panel()).queryByRole('table', { hidden: true })).not.toBeInTheDocument();
    await user.click(within(panel()).getByText('Show as table'));
    const table = await within(panel()).findByRole('table');
    expect(table).toBeVisible();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Words saved', 'Words made known', 'Pages read']);
    const today = rows.at(-1) as HTMLElement;
    expect(today.querySelector('time')).toHaveAttribute('dateTime', learnerDay(0));
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '2', '1']);
    expect(rows[1]?.querySelector('time')).toHaveAttribute('dateTime', learnerDay(29));
  });

  it('counts a word made known on the screen, once the save is confirmed', async () => {
    const { user } = await openWords();
    expect(within(panel()).getByText(summaryText)).toHaveTextContent('0 words saved, 0 made known, 0 pages read');
    const katze = screen.getByRole('button', { name: 'katze' });
    await user.click(katze);
    await user.keyboard('4');
    expect(await within(panel()).findByText(/1 made known/)).toBeInTheDocument();
  });

  it('says when its figures could not be read, and reads them again on request', async () => {
    let refusals = 1;
    server.use(
      http.get('*/api/v1/progress/:lang', () => (refusals-- > 0 ? fail(500, 'internal', 'Internal error') : undefined)),
    );
    const { user } = await renderApp('/words', member);
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel()).findByText(summaryText)).toHaveTextContent('0 words saved');
  });
});
