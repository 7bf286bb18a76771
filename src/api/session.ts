import { type User, userSchema } from '@/contract/entities';
import { userStorageKey } from '@/contract/languages';

/** The user record is kept locally (spec §3) so a reload keeps the session; its token authenticates calls. */
export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(userStorageKey);
    if (!raw) return null;
    const stored: unknown = JSON.parse(raw);
    // A user kept before the record carried `wordCount`: kept, and refreshed at once to learn it.
    if (stored && typeof stored === 'object' && !('wordCount' in stored)) {
      Object.assign(stored, { wordCount: 0, refreshAt: new Date(0).toISOString() });
    }
    const parsed = userSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: User | null): void {
  if (user) localStorage.setItem(userStorageKey, JSON.stringify(user));
  else localStorage.removeItem(userStorageKey);
}

export function readStoredToken(): string | null {
  return readStoredUser()?.token ?? null;
}
