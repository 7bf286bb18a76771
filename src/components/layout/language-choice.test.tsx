import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '@/stores/preferences';
import { renderApp } from '@/test/render-app';

describe('the first visit', () => {
  it('asks which language the visitor speaks and learns while both are the same', async () => {
    await renderApp('/', { firstVisit: true });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Folio' });
    expect(within(dialog).getByLabelText('I speak')).toHaveValue('en');
    expect(within(dialog).getByLabelText('I want to learn')).toHaveValue('es');
  });

  it('starts with the languages chosen and shows them in the header', async () => {
    const { user } = await renderApp('/', { firstVisit: true });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Folio' });
    await user.selectOptions(within(dialog).getByLabelText('I speak'), 'de');
    await user.selectOptions(within(dialog).getByLabelText('I want to learn'), 'en');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^I speak DE/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Learning EN/ })).toBeInTheDocument();
  });

  it('does not offer the language spoken as the one to learn', async () => {
    const { user } = await renderApp('/', { firstVisit: true });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Folio' });
    await user.selectOptions(within(dialog).getByLabelText('I speak'), 'fr');
    const target = within(dialog).getByLabelText('I want to learn');
    expect(within(target).queryByRole('option', { name: 'French' })).not.toBeInTheDocument();
  });

  it('can be skipped, and stays answered', async () => {
    const { user } = await renderApp('/', { firstVisit: true });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Folio' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(usePreferences.getState().languageChoiceDone).toBe(true);
  });

  it('is not asked when the home language already differs from the one learnt', async () => {
    await renderApp('/', { firstVisit: true, homeLang: 'de' });
    expect(await screen.findByRole('region', { name: 'Everyday Life' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps a shared link to a text open: the text is in the language to learn, and Start stays on it', async () => {
    const { user, router } = await renderApp('/reader/1?page=1', { firstVisit: true });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Folio' });
    expect(within(dialog).getByLabelText('I want to learn')).toHaveValue('en');
    await user.selectOptions(within(dialog).getByLabelText('I speak'), 'de');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.href).toBe('/reader/1?page=1');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('At noon Tom finds an old box under the bed.');
    expect(screen.getByRole('button', { name: /^I speak DE/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Learning EN/ })).toBeInTheDocument();
  });

  it('is not asked on pages with nothing to read', async () => {
    await renderApp('/faq', { firstVisit: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
