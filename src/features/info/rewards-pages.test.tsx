import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('the coins page', () => {
  it('says how coins are earned, as the store does, and that they are not sold', async () => {
    await renderApp('/coins');
    expect(await screen.findByRole('heading', { name: 'Coins and diamonds' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Earn coins by learning: 1 for each level a word reaches for the first time, 10 for each page you finish for the first time and 5 for each day of your streak, twice as many with Pro Gold. Words and pages earn up to 300 coins a day.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Coins are not sold: you earn them as you learn\./)).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/)).not.toBeInTheDocument();
  });
});
