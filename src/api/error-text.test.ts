import { i18n } from '@lingui/core';
import { server } from '@mocks/node';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { contentEndpoints } from '@/contract/endpoints/content';
import { wordEndpoints } from '@/contract/endpoints/words';
import { ApiRequestError, callEndpoint, setMissingTokenHandler } from './client';
import { errorText } from './error-text';

describe('errorText (spec §8)', () => {
  it('shows the first detail translated by its code when the SPA knows the code', () => {
    const error = new ApiRequestError(400, [
      { error: 'Email is not valid', code: 'email_invalid', field: 'email' },
      { error: 'Password is required', code: 'password_required', field: 'password' },
    ]);
    expect(errorText(error, i18n)).toBe('Email is not valid');
  });

  it("words every code of the API in the learner's language, not the server's English", () => {
    const error = new ApiRequestError(400, [{ error: 'targetLang: Invalid option', code: 'invalid_input' }]);
    expect(errorText(error, i18n)).toBe('Something you sent is not valid, please check it and try again');
  });

  it("shows the server's text for a code this client does not know yet", async () => {
    server.use(
      http.get('*/api/v1/content/:lang', () =>
        HttpResponse.json(
          { message: 'Conflict', status: 409, details: [{ error: 'Try again after the upgrade', code: 'brand_new' }] },
          { status: 409 },
        ),
      ),
    );
    const failure = await callEndpoint(contentEndpoints.categories, { params: { targetLang: 'en' } }).catch(
      (error: unknown) => error,
    );
    expect(errorText(failure, i18n)).toBe('Try again after the upgrade');
  });

  it('falls back to the message when there are no details', () => {
    expect(errorText(new ApiRequestError(418, [], 'Teapot'), i18n)).toBe('Teapot');
  });

  it("says 'An error occurred' with no server response", () => {
    expect(errorText(new ApiRequestError(0), i18n)).toBe('An error occurred');
    expect(errorText(new TypeError('fetch failed'), i18n)).toBe('An error occurred');
  });
});

describe('a call that needs login with no stored token', () => {
  it("logs the user out and fails with 'An error occurred'", async () => {
    const logout = vi.fn();
    setMissingTokenHandler(logout);
    const call = callEndpoint(wordEndpoints.userWords);
    await expect(call).rejects.toBeInstanceOf(ApiRequestError);
    await expect(call).rejects.toThrow('An error occurred');
    expect(logout).toHaveBeenCalledOnce();
  });
});
