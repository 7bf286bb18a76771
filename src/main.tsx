import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppInstance, initialLocale } from './app';
import { offerPaintedText } from './components/interactive-text/painted-text';
import { activateLocale } from './i18n/i18n';

async function startMockApi() {
  if (import.meta.env.VITE_MOCK_API !== 'true') return;
  const { worker } = await import('@mocks/browser');
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
}

/** Not a top-level await: the build puts this module in the chunk the mocks import (vite.config.ts). */
async function start() {
  const catalog = activateLocale(initialLocale());
  await startMockApi();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Missing #root');
  const app = createAppInstance();
  // The server painted the page's text (server/src/plugins/first-paint.ts): it stays until the route has loaded
  // (its data asked for beside the catalog), so the first render shows the reader, not an empty page waiting for
  // its data, and the reader takes the painted paragraphs over instead of building them again.
  const painted = rootElement.querySelector('.first-paint-reader .reader-text');
  offerPaintedText(painted);
  await Promise.all([catalog, painted && app.router.load().catch(() => undefined)]);
  createRoot(rootElement).render(
    <StrictMode>
      <App {...app} />
    </StrictMode>,
  );
}

void start();
