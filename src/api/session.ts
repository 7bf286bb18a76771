import { type User, userSchema } from '@/contract/entities';

const USER_KEY = 'folio.user';

/** The user record is kept locally (spec §3) so a reload keeps the session; its token authenticates calls. */
export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: User | null): void {
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
}

export function readStoredToken(): string | null {
  return readStoredUser()?.token ?? null;
}
