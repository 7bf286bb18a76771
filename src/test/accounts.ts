import { adminAccount, findUserByEmail, readerAccount, toUser } from '@mocks/db';
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
