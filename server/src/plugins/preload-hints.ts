import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_BASE, endpoints } from '#contract/endpoints.ts';
import { vocabularySorts } from '#contract/entities.ts';
import {
  detectLocale,
  interfaceLocales,
  learningLanguages,
  preferencesStorageKey,
  userStorageKey,
} from '#contract/languages.ts';
import { TIME_ZONE_HEADER } from '#contract/request.ts';

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), keyed by its source file. */
type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type ViteManifest = Record<string, Chunk>;

/** The two screens a first visit opens: their route file and the addresses that open them (bundle:check too). */
export const firstScreens = {
  '/': { route: 'src/routes/index.tsx', url: /^\/(?:[?#]|$)/ },
  '/reader/$id': { route: 'src/routes/reader.$id.tsx', url: /^\/reader\/[^/?#]+\/?(?:[?#]|$)/ },
} as const;

/**
 * Screens a member opens straight away (a bookmark, a reload, a link from elsewhere) whose code is named too, with
 * their screens' catalog (`lazy.po`): without it the route chunk and the catalog wait for the entry to run. No budget
 * applies to them (bundle:check is about the first visit's screens).
 */
export const memberScreens = {
  '/words': { route: 'src/routes/words.tsx', url: /^\/words\/?(?:[?#]|$)/ },
  '/flashcards': { route: 'src/routes/flashcards.tsx', url: /^\/flashcards\/?(?:[?#]|$)/ },
} as const;

export function readViteManifest(staticDir: string): ViteManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(staticDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

/** A chunk and every chunk it imports statically, by manifest key. */
export function chunkClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
}

/** The chunks index.html's module scripts load (the entry, and what it imports statically). */
export function shellChunks(manifest: ViteManifest, html: string): Set<string> {
  const scripts = [...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1]);
  const entries = Object.keys(manifest).filter((key) => scripts.includes(manifest[key]?.file));
  return entries.reduce((seen, entry) => chunkClosure(manifest, entry, seen), new Set<string>());
}

/** The manifest key of a route's component chunk (the router plugin splits each route's component out). */
export function routeComponentChunk(manifest: ViteManifest, routeFile: string): string | undefined {
  return Object.keys(manifest).find((key) => key.startsWith(`${routeFile}?`) && key.includes('split=component'));
}

/** The shell's catalog of one locale (`messages.po`; the screens' own, `lazy.po`, arrives with them). */
export const catalogChunk = (locale: string) => `src/locales/${locale}/messages.po`;
/** The screens' catalog of one locale (the member screens' and the rest's strings). */
export const screensCatalogChunk = (locale: string) => `src/locales/${locale}/lazy.po`;

/**
 * An inline script for `/`, whose first paint is the library's list (`GET /content/:targetLang`): it asks for the
 * list while the scripts download, not after they have run, in the learner's target language, which only the
 * browser knows (the preferences the app keeps in localStorage; English, the app's default, on a first visit). The
 * app's request for it takes the preloaded answer. The same for every request, so the CSP allows it by its hash.
 */
export const libraryPreloadScript = `<script>try{var p=JSON.parse(localStorage.getItem(${JSON.stringify(
  preferencesStorageKey,
)})||'null'),l=(p&&p.state&&p.state.targetLang)||'en';if(${JSON.stringify(learningLanguages)}.indexOf(l)>=0){var k=document.createElement('link');k.rel='preload';k.as='fetch';k.crossOrigin='anonymous';k.href=${JSON.stringify(
  API_BASE + endpoints.categories.path.replace(':targetLang', ''),
)}+l;document.head.append(k)}}catch(e){}</script>`;

/**
 * An inline script for `/words` opened as it is (no filters in the address): for a member (a token stored by the
 * app) with both languages chosen, it asks for the list's first page (last changed first) and the counts with the
 * stored token while the scripts download, as the app would ask (its language and time zone), and leaves the
 * answers on `window.folioData`, where the app's first request for each address takes it (src/api/preloaded.ts):
 * the screen's first render has its rows. A failed call is asked again by the app. Nothing is asked for a visitor,
 * or when storage cannot be read. The same for every request, so the CSP allows it by its hash.
 */
export const vocabularyPreloadScript = `<script>try{(function(){if(location.search)return;var u=JSON.parse(localStorage.getItem(${JSON.stringify(
  userStorageKey,
)})||'null'),t=u&&typeof u.token==='string'&&u.token,p=JSON.parse(localStorage.getItem(${JSON.stringify(
  preferencesStorageKey,
)})||'null'),s=(p&&p.state)||{},l=s.targetLang,h=s.homeLang,known=${JSON.stringify(learningLanguages)};if(!t||known.indexOf(l)<0||known.indexOf(h)<0)return;var z=typeof Temporal!=='undefined'?Temporal.Now.timeZoneId():Intl.DateTimeFormat().resolvedOptions().timeZone||'UTC',o={headers:{Authorization:'Bearer '+t,${JSON.stringify(
  TIME_ZONE_HEADER,
)}:z}};function ask(url){var r=fetch(url,o).then(function(a){if(!a.ok)throw new Error(String(a.status));return a.json()});r.catch(function(){});return{url:url,response:r}}window.folioData=[ask(${JSON.stringify(
  API_BASE + endpoints.vocabulary.path.replace(':targetLang', ''),
)}+l+'?'+new URLSearchParams({homeLang:h,sort:${JSON.stringify(vocabularySorts[0])}})),ask(${JSON.stringify(
  API_BASE + endpoints.progress.path.replace(':targetLang', ''),
)}+l)]})()}catch(e){}</script>`;

/** The data preloads of the screens whose HTML asks for their data itself. */
const dataPreloads: Record<string, string> = { '/': libraryPreloadScript, '/words': vocabularyPreloadScript };

/** Every inline script the screens' HTML may carry, for the CSP's hashes. */
export const dataPreloadScripts = Object.values(dataPreloads).join('');

/**
 * `<link rel="modulepreload">` tags for what the app will import before it shows `/`, a reader page or a member screen
 * (`memberScreens`): the route's component chunk with its imports, and the interface catalog of the locale
 * `Accept-Language` names (the app picks it the same way, unless the learner chose another; a member screen's own
 * catalog too). Without them each waits for the script before it in a chain
 * (entry → catalog → route chunk), one round trip each on a phone's network. The screen's own stylesheets (those of
 * its chunks) are preloaded too, so the screen does not wait for its CSS once its script has run; `/` also asks for
 * its data at once (`libraryPreloadScript`), and so does `/words` for a member (`vocabularyPreloadScript`). Null
 * without a build.
 */
export function preloadHints(
  manifest: ViteManifest | null,
  html: string,
): ((url: string, acceptLanguage: string | undefined) => string) | null {
  if (!manifest) return null;
  const loaded = shellChunks(manifest, html);
  const link = (key: string) => {
    const file = manifest[key]?.file;
    return file ? `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">` : '';
  };
  const hinted = [
    ...Object.entries(firstScreens).map(([path, screen]) => ({ path, ...screen, member: false })),
    ...Object.entries(memberScreens).map(([path, screen]) => ({ path, ...screen, member: true })),
  ];
  const screens = hinted.map(({ path, url, route, member }) => {
    const component = routeComponentChunk(manifest, route);
    const chunks = component ? [...chunkClosure(manifest, component)].filter((key) => !loaded.has(key)) : [];
    const styles = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))];
    const styleLinks = styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`).join('');
    return { url, member, links: chunks.map(link).join('') + styleLinks + (dataPreloads[path] ?? '') };
  });
  const catalogs = new Map(interfaceLocales.map((locale) => [locale, link(catalogChunk(locale))]));
  const screenCatalogs = new Map(interfaceLocales.map((locale) => [locale, link(screensCatalogChunk(locale))]));
  return (url, acceptLanguage) => {
    const screen = screens.find((candidate) => candidate.url.test(url));
    if (!screen) return '';
    const locale = detectLocale(acceptedLanguages(acceptLanguage));
    return (catalogs.get(locale) ?? '') + (screen.member ? (screenCatalogs.get(locale) ?? '') : '') + screen.links;
  };
}

/** `Accept-Language`'s tags, most wanted first (`de-CH, de;q=0.9, en;q=0.5` → de-CH, de, en); `*` and q=0 dropped. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
