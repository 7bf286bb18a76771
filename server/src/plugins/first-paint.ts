import { createHash } from 'node:crypto';
import { API_BASE, endpoints, pathOf } from '#contract/endpoints.ts';
import { preferencesStorageKey, textDirection, userStorageKey } from '#contract/languages.ts';
import { paragraphHtml } from '#contract/text-markup.ts';
import { findPage } from '../db/queries/content.ts';
import type { Db } from '../db/types.ts';

/** Where index.html's skeleton takes the server's first paint of a page (inside its empty <main>). */
export const FIRST_PAINT_MARK = '<!--first-paint-->';

const readerPath = /^\/reader\/([1-9]\d{0,8})\/?$/;
const pageQuery = /^(0|[1-9]\d{0,5})$/;

/** The name of the meta tag that tells `levelsPreloadScript` which page's levels to ask for. */
const levelsMeta = 'folio-levels';

/** The name of the meta tag that names a painted page's entry script, which its inline scripts start. */
const entryMeta = 'folio-entry';

/**
 * An inline script for a painted reader page, in its head: for a member (a token stored by the app), it asks for the
 * levels of the page's words while the HTML is still parsed, and paints them onto the server's words (`data-level`,
 * and the learner's level display) before the text is first shown: until then the text waits, hidden by
 * `levels-pending` (first-paint.css). A failed call shows the text uncoloured at once, a slow one a second after the
 * text's end (the app colours it then); like the app's calls, it gives up after 30 s. The answer stays on
 * `window.folioLevels` for the app, whose own request for the same levels takes it (src/api/preloaded.ts) instead of
 * asking again. A member without `?page=` has the painted text hidden anyway (index.html's script, which this one
 * runs before: it comes first in the head, so its request goes out before the parser has reached the rest), so
 * nothing is asked for; nor for a visitor.
 *
 * It also starts the app: a painted page names its entry script in a meta tag and only preloads it
 * (`withEntryHeld`), so that its long first evaluation cannot run between the levels' arrival and the frame that
 * shows them. The entry starts at the text's end for everyone else, and for a member in the task after the first
 * frame with the text shown. The same for every request, so the CSP allows it by its hash.
 */
export const levelsPreloadScript = `<script>(function(){var d=document.documentElement,started=false;function start(){var e=document.querySelector('meta[name="${entryMeta}"]');if(started||!e)return;started=true;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e.content;document.head.appendChild(s)}window.folioLevels={parsed:start};try{var m=document.querySelector('meta[name="${levelsMeta}"]'),u=JSON.parse(localStorage.getItem(${JSON.stringify(
  userStorageKey,
)})||'null'),t=u&&typeof u.token==='string'&&u.token;if(!m||!t||!/[?&]page=(0|[1-9]\\d*)(&|$)/.test(location.search))return;var p=JSON.parse(localStorage.getItem(${JSON.stringify(
  preferencesStorageKey,
)})||'null'),s=(p&&p.state)||{},levels=null,parsed=false,settled=false;function ready(){if(!parsed||!settled)return;if(document.hidden)start();else requestAnimationFrame(function(){setTimeout(start,0)})}function show(){if(settled)return;settled=true;d.classList.remove('levels-pending');ready()}function paint(){if(!levels||!parsed||settled)return;var known=Object.create(null);for(var i=0;i<levels.length;i++)known[levels[i].lowercase]=levels[i].level;var text=document.querySelector('.first-paint-reader .reader-text');if(text){if(s.levelsShown===false)text.classList.add('levels-off');else if(s.accessibleLevels===true)text.classList.add('levels-accessible');var words=text.querySelectorAll('[data-w]');for(var j=0;j<words.length;j++){var level=known[words[j].getAttribute('data-w')];words[j].setAttribute('data-level',String(typeof level==='number'?level:0))}}show()}d.classList.add('levels-pending');var o={headers:{Authorization:'Bearer '+t}};if(window.AbortSignal&&AbortSignal.timeout)o.signal=AbortSignal.timeout(30000);var response=fetch(m.content,o).then(function(r){if(!r.ok)throw new Error(String(r.status));return r.json()}).then(function(body){levels=body&&Array.isArray(body.details)?body.details:null;if(levels)paint();else show();return body},function(error){show();throw error});response.catch(function(){});window.folioLevels={url:m.content,response:response,parsed:function(){parsed=true;paint();if(settled)ready();else setTimeout(show,1000)}}}catch(e){d.classList.remove('levels-pending');window.folioLevels={parsed:start}}})()</script>`;

/**
 * Closes the painted text: its words are all in the document, so the levels that have arrived are painted, and the
 * app starts (at once, or after the coloured frame). Should the head's script not have run, it starts the app itself.
 */
export const levelsParsedScript = `<script>if(window.folioLevels)window.folioLevels.parsed();else{var e=document.querySelector('meta[name="${entryMeta}"]'),s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e?e.content:'';if(e)document.head.appendChild(s)}</script>`;

/**
 * A painted page's entry script, preloaded but held: the page's own scripts start it once the text is shown
 * (`levelsPreloadScript`). A shell without the entry Vite writes is left as it is.
 */
export function withEntryHeld(page: string): string {
  return page.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_tag, src: string) =>
      `<link rel="modulepreload" crossorigin href="${src}"><meta name="${entryMeta}" content="${src}">`,
  );
}

/** The scripts a painted page adds to index.html, each allowed by its hash. */
export const firstPaintScripts = levelsPreloadScript + levelsParsedScript;

/** A reader page painted by the server: its text (for the skeleton's <main>) and what its head gains. */
export type FirstPaint = { body: string; head: string };

/**
 * The text of a library page, painted by the server inside index.html's skeleton so that a learner on a slow
 * phone reads before the app's script has arrived and run (Lighthouse's largest paint, bench/first-paint). The
 * app's first render takes the painted paragraphs over (components/interactive-text/painted-text.ts): they are
 * the same markup (contract/text-markup.ts).
 *
 * Only what every visitor may read is painted (the published library), on the page the app will open: the one in
 * `?page=`, else the first. A member without `?page=` opens the page after their last finished one, which only the
 * app knows; index.html's inline script hides the painted text for them. Words carry no level in the HTML, which is
 * the same for everyone: a member's levels are painted onto it by `levelsPreloadScript` before it shows.
 */
export async function readerFirstPaint(db: Db, url: string): Promise<FirstPaint | null> {
  const [pathname = '', search = ''] = url.split('?', 2);
  const match = readerPath.exec(pathname);
  if (!match) return null;
  const requested = new URLSearchParams(search).get('page');
  const pageNumber = requested !== null && pageQuery.test(requested) ? Number(requested) : 0;
  const contentId = Number(match[1]);
  const page = await findPage(db, { contentId, pageNumber, viewer: undefined });
  if (!page) return null;
  const paragraphs = page.sections.map((section, index) => paragraphHtml(section.tokens, index, null)).join('');
  const levels =
    API_BASE + pathOf(endpoints.pageWords.path, { targetLang: page.language, contentId, pageId: pageNumber });
  return {
    body:
      '<section class="page reader first-paint-reader"><div class="reader-toolbar"></div>' +
      `<div class="reader-body"><div class="reader-text" lang="${page.language}" dir="${textDirection(page.language)}">` +
      `${paragraphs}</div></div></section>${levelsParsedScript}`,
    head: `<meta name="${levelsMeta}" content="${levels}">${levelsPreloadScript}`,
  };
}

/** The CSP hashes ('sha256-…') of the inline scripts of a page: the only inline scripts the policy lets run. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script = '']) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
}
