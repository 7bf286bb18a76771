import { i18n } from '@lingui/core';
import type { MutationMeta } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './client';
import { createQueryClient } from './query-client';

/** Runs one failing mutation through a new client; what the learner was told and whether the session ended. */
async function failedMutation(error: unknown, meta?: MutationMeta) {
  const notifyError = vi.fn();
  const onSessionEnded = vi.fn();
  const queryClient = createQueryClient({ i18n, notifyError, onSessionEnded, retry: false });
  const mutation = queryClient.getMutationCache().build(queryClient, {
    mutationKey: ['auth', 'refresh'],
    mutationFn: () => Promise.reject(error),
    ...(meta && { meta }),
  });
  await mutation.execute(undefined).catch(() => {});
  return { toasts: notifyError.mock.calls.map(([text]) => text), sessionEnded: onSessionEnded.mock.calls.length > 0 };
}

const sessionEnded = new ApiRequestError(401, [{ error: 'Unauthorized', code: 'unauthorized' }]);
const offline = new TypeError('Failed to fetch');

describe('failed mutations', () => {
  it('tell the learner what went wrong when the learner asked for them', async () => {
    expect((await failedMutation(offline)).toasts).toEqual(['An error occurred']);
  });

  it('say nothing when the app asked for them in the background and the server could not be reached', async () => {
    expect(await failedMutation(offline, { background: true })).toEqual({ toasts: [], sessionEnded: false });
  });

  it('say nothing of a server fault when the app asked for them in the background', async () => {
    const fault = new ApiRequestError(503, [{ error: 'Service unavailable', code: 'unavailable' }]);
    expect((await failedMutation(fault, { background: true })).toasts).toEqual([]);
  });

  it('end the session and say so even when the app asked for them in the background', async () => {
    expect(await failedMutation(sessionEnded, { background: true })).toEqual({
      toasts: ['Your session has ended, please log in again'],
      sessionEnded: true,
    });
  });

  it('end the session without a word when the call shows its own failure', async () => {
    expect(await failedMutation(sessionEnded, { silent: true })).toEqual({ toasts: [], sessionEnded: true });
  });
});
