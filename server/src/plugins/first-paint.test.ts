// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { levelsParsedScript, levelsPreloadScript, withEntryHeld } from './first-paint.ts';

const levelsUrl = '/api/v1/userword/page/en/7/0';
const member = { id: 1, username: 'reader', token: 'secret-token' };

const bodyOf = (script: string) => script.replace(/^<script>/, '').replace(/<\/script>$/, '');
const runHead = () => new Function(bodyOf(levelsPreloadScript))();
const runParsed = () => new Function(bodyOf(levelsParsedScript))();

/** A painted page as the server sends it: its meta in the head, two paragraphs of words in the skeleton. */
function paintedPage() {
  document.head.innerHTML = `<meta name="folio-levels" content="${levelsUrl}">${withEntryHeld(
    '<script type="module" crossorigin src="/assets/entry.js"></script>',
  )}`;
  document.body.innerHTML =
    '<section class="page reader first-paint-reader"><div class="reader-body"><div class="reader-text" lang="en">' +
    '<p class="reader-paragraph"><span class="reader-words"><span class="word" data-w="the">The</span> ' +
    '<span class="word" data-w="dog">dog</span></span></p>' +
    '<p class="reader-paragraph"><span class="reader-words"><span class="word" data-w="runs">runs</span> ' +
    '<span class="word" data-w="the">the</span></span></p></div></div></section>';
}

/** The app's entry scripts the page has started. */
const entriesStarted = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) =>
    script.getAttribute('src'),
  );
const levelsShown = () => [...document.querySelectorAll<HTMLElement>('[data-w]')].map((word) => word.dataset.level);
const pending = () => document.documentElement.classList.contains('levels-pending');
const answer = (details: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify({ message: 'done', status: 200, details }), { status }));

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.history.replaceState(null, '', '/reader/7?page=0');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  paintedPage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  document.documentElement.className = '';
  delete (window as { folioLevels?: unknown }).folioLevels;
});

describe("a member's painted page asks for its levels and shows them in its first frame", () => {
  it('asks for the levels with the stored token and keeps the text hidden until they are painted', async () => {
    localStorage.setItem('folio.user', JSON.stringify(member));
    fetchMock.mockReturnValue(
      answer([
        { lowercase: 'the', level: 4, language: 'en' },
        { lowercase: 'runs', level: 2, language: 'en' },
      ]),
    );
    runHead();
    expect(fetchMock).toHaveBeenCalledWith(
      levelsUrl,
      expect.objectContaining({ headers: { Authorization: 'Bearer secret-token' } }),
    );
    expect(pending()).toBe(true);
    runParsed();
    await vi.waitFor(() => expect(pending()).toBe(false));
    expect(levelsShown()).toEqual(['4', '0', '2', '4']);
  });

  it('paints levels that arrive before the text ends once the text is in the document', async () => {
    localStorage.setItem('folio.user', JSON.stringify(member));
    fetchMock.mockReturnValue(answer([{ lowercase: 'dog', level: 3, language: 'en' }]));
    runHead();
    const { response } = (window as unknown as { folioLevels: { response: Promise<unknown> } }).folioLevels;
    await response;
    expect(pending()).toBe(true);
    expect(levelsShown()).toEqual([undefined, undefined, undefined, undefined]);
    runParsed();
    expect(pending()).toBe(false);
    expect(levelsShown()).toEqual(['0', '3', '0', '0']);
  });

  it("keeps the answer for the app's own request for the same levels", async () => {
    localStorage.setItem('folio.user', JSON.stringify(member));
    fetchMock.mockReturnValue(answer([]));
    runHead();
    const preloaded = (window as unknown as { folioLevels: { url: string; response: Promise<unknown> } }).folioLevels;
    expect(preloaded.url).toBe(levelsUrl);
    await expect(preloaded.response).resolves.toEqual({ message: 'done', status: 200, details: [] });
  });

  it("shows the learner's level display: plain when levels are hidden", async () => {
    localStorage.setItem('folio.user', JSON.stringify(member));
    localStorage.setItem('folio.preferences', JSON.stringify({ state: { levelsShown: false }, version: 3 }));
    fetchMock.mockReturnValue(answer([]));
    runHead();
    runParsed();
    await vi.waitFor(() => expect(pending()).toBe(false));
    expect(document.querySelector('.reader-text')).toHaveProperty('className', 'reader-text levels-off');
  });

  it('shows the text uncoloured when the levels call fails, leaving the colours to the app', async () => {
    localStorage.setItem('folio.user', JSON.stringify(member));
    fetchMock.mockReturnValue(answer([], 500));
    runHead();
    runParsed();
    await vi.waitFor(() => expect(pending()).toBe(false));
    expect(levelsShown()).toEqual([undefined, undefined, undefined, undefined]);
    const { response } = (window as unknown as { folioLevels: { response: Promise<unknown> } }).folioLevels;
    await expect(response).rejects.toThrow('500');
  });

  it('shows the text uncoloured a second after its end when the levels have not come', () => {
    vi.useFakeTimers();
    localStorage.setItem('folio.user', JSON.stringify(member));
    fetchMock.mockReturnValue(new Promise(() => {}));
    runHead();
    runParsed();
    expect(pending()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(pending()).toBe(false);
    expect(levelsShown()).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe("a painted page starts the app's entry itself", () => {
  it('only preloads the entry Vite wrote, naming it for its scripts', () => {
    expect(withEntryHeld('<head><script type="module" crossorigin src="/assets/index-a1.js"></script></head>')).toBe(
      '<head><link rel="modulepreload" crossorigin href="/assets/index-a1.js"><meta name="folio-entry" content="/assets/index-a1.js"></head>',
    );
  });

  it("starts a visitor's app at the text's end", () => {
    runHead();
    expect(entriesStarted()).toEqual([]);
    runParsed();
    expect(entriesStarted()).toEqual(['/assets/entry.js']);
  });

  it("starts a member's app in the task after the frame that shows the coloured text, once", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    localStorage.setItem('folio.user', JSON.stringify(member));
    fetchMock.mockReturnValue(answer([{ lowercase: 'dog', level: 3, language: 'en' }]));
    runHead();
    runParsed();
    await vi.waitFor(() => expect(pending()).toBe(false));
    expect(entriesStarted()).toEqual([]);
    for (const frame of frames.splice(0)) frame(0);
    expect(entriesStarted()).toEqual([]);
    await vi.waitFor(() => expect(entriesStarted()).toEqual(['/assets/entry.js']));
    runParsed();
    expect(entriesStarted()).toEqual(['/assets/entry.js']);
  });

  it("starts a member's app after the text's end when the levels call failed before it", async () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(callback, 0));
    localStorage.setItem('folio.user', JSON.stringify(member));
    fetchMock.mockReturnValue(answer([], 500));
    runHead();
    const { response } = (window as unknown as { folioLevels: { response: Promise<unknown> } }).folioLevels;
    await expect(response).rejects.toThrow('500');
    expect(pending()).toBe(false);
    expect(entriesStarted()).toEqual([]);
    runParsed();
    await vi.waitFor(() => expect(entriesStarted()).toEqual(['/assets/entry.js']));
  });

  it('starts the app even when the head script did not run', () => {
    runParsed();
    expect(entriesStarted()).toEqual(['/assets/entry.js']);
  });
});

describe('a page that is not for the levels script', () => {
  it('asks for nothing without a stored token (a visitor)', () => {
    runHead();
    runParsed();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pending()).toBe(false);
  });

  it('asks for nothing when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    runHead();
    runParsed();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pending()).toBe(false);
  });

  it("asks for nothing when the address names no page (a member's page is the app's choice; its text is hidden)", () => {
    localStorage.setItem('folio.user', JSON.stringify(member));
    window.history.replaceState(null, '', '/reader/7');
    runHead();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pending()).toBe(false);
  });
});
