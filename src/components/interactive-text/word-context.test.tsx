import { findUserByEmail, mockDb, readerAccount, wordsOf, wordTimeKey } from '@mocks/db';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const member = { user: signedIn(), homeLang: 'en', targetLang: 'de' } as const;

function reader() {
  const user = findUserByEmail(readerAccount.email);
  if (!user) throw new Error('no reader');
  return user;
}

describe('the sentence a word is saved with', () => {
  it('is not sent by a level set on the vocabulary screen: a list has no sentences', async () => {
    const { user } = await renderApp('/words', member);
    await user.click(await screen.findByRole('button', { name: 'regen' }));
    await user.keyboard('3');
    await waitFor(() => expect(wordsOf(reader()).find((word) => word.lowercase === 'regen')?.level).toBe(3));
    expect(mockDb().contexts[wordTimeKey(reader(), { language: 'de', lowercase: 'regen' })]).toBeUndefined();
  });
});
