/** Where the full journeys' local web pages are served (`e2e/web-pages-server.ts`), and how a journey reaches one. */
/** How far every port of the journeys moves (`E2E_PORT_SHIFT`): two checkouts on one machine run at once. */
export const portShift = Number(process.env.E2E_PORT_SHIFT ?? 0);

export const webPagesPort = 4340 + portShift;

/**
 * A fixture web page's address: the real server fetches it from the local page server its settings allow
 * (URL_IMPORT_ALLOW in playwright.config.ts); the mocks know the fixture pages at example.com and fetch nothing.
 */
export function webPageAddress(projectName: string, path: string): string {
  return projectName.startsWith('full') ? `http://127.0.0.1:${webPagesPort}${path}` : `https://example.com${path}`;
}
