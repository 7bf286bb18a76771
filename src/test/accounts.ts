import { adminAccount, findUserByEmail, readerAccount, toUser, wordsOf } from '@mocks/db';
import type { User } from '@/contract/entities';

/**
 * The stored user of one of the mock database's accounts, so the API answers its calls. Overrides change only
 * what the SPA has stored (the server side stays as seeded).
 */
export function signedIn(account: 'reader' | 'admin' = 'reader', overrides: Partial<User> = {}): User {
  const mockUser = findUserByEmail(account === 'reader' ? readerAccount.email : adminAccount.email);
  if (!mockUser) throw new Error(`No mock account ${account}`);
  return { ...toUser(mockUser), ...overrides };
}

/** The level the mock database holds for one of the reader account's English words or phrases (unsaved: undefined). */
export function storedLevel(lowercase: string): number | undefined {
  const reader = findUserByEmail(readerAccount.email);
  return reader
    ? wordsOf(reader).find((word) => word.lowercase === lowercase && word.language === 'en')?.level
    : undefined;
}
