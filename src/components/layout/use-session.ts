import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLogout, userQueries } from '@/api/account';

/** The logged-in user (null for a visitor) and the way out. */
export function useSession() {
  const { data: user } = useQuery(userQueries.current());
  const { mutate } = useLogout();
  const logout = useCallback(() => mutate(), [mutate]);
  return { user: user ?? null, logout };
}
