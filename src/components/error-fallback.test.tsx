import { server } from '@mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('the error screen', () => {
  it('shows a malformed answer as a translated message, never the raw validation error, and retries', async () => {
    let answers = 0;
    server.use(
      http.get('*/api/v1/content/:lang/:contentId/:pageId', () => {
        answers++;
        return answers === 1
          ? HttpResponse.json({ message: 'success', status: 200, details: { sections: 7 } })
          : undefined;
      }),
    );
    const { user } = await renderApp('/reader/1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unexpected Application Error!');
    expect(alert).toHaveTextContent('An error occurred');
    expect(alert).not.toHaveTextContent(/Invalid input|invalid_type|received/i);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument());
    expect(answers).toBe(2);
    expect(document.querySelectorAll('.reader-paragraph').length).toBeGreaterThan(0);
  });
});
