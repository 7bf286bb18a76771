import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppInstance, initialLocale } from './app';
import { activateLocale } from './i18n/i18n';
import './styles.css';

async function startMockApi() {
  if (import.meta.env.VITE_MOCK_API !== 'true') return;
  const { worker } = await import('@mocks/browser');
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
}

// Not a top-level await: the build puts this module in the chunk the mocks import (vite.config.ts).
void Promise.all([startMockApi(), activateLocale(initialLocale())]).then(() => {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Missing #root');
  createRoot(rootElement).render(
    <StrictMode>
      <App {...createAppInstance()} />
    </StrictMode>,
  );
});
