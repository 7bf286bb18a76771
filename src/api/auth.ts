import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@/contract/endpoints/auth';
import type { LoginRequest, SignupRequest } from '@/contract/validation';
import { storeUser } from './account';
import { fetchDetails } from './client';

/** Logging in: the session is stored and the header shows the learner (the login screen's code alone imports it). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login'],
    meta: { silent: true },
    mutationFn: (request: LoginRequest) => fetchDetails(authEndpoints.login, { body: request }),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

/** Signing up: as logging in, for a new account (the signup screen's code alone imports it). */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'signup'],
    meta: { silent: true },
    mutationFn: (request: SignupRequest) => fetchDetails(authEndpoints.signup, { body: request }),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}
