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

/** Keeps the learner's record, with when this browser kept it (`storedAt`, ms since the epoch). */
export function writeStoredUser(user: User | null, now = Date.now()): void {
  if (user) localStorage.setItem(userStorageKey, JSON.stringify({ ...user, storedAt: now }));
  else localStorage.removeItem(userStorageKey);
}

/** How long ago this browser kept the learner's record; null when it is not known (kept by an earlier version). */
export function storedUserAge(now = Date.now()): number | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(userStorageKey) ?? 'null');
    const at = stored && typeof stored === 'object' && 'storedAt' in stored ? stored.storedAt : null;
    return typeof at === 'number' ? now - at : null;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  return readStoredUser()?.token ?? null;
}
