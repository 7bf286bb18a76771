import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { importLimits, maxImportBytes, maxPastedCharacters } from '#contract/constants.ts';
import { endpoints } from '#contract/endpoints.ts';
import { hasControlCharacter } from '#contract/fields.ts';
import { learningLanguageSchema } from '#contract/languages.ts';
import { addImport, deleteImport, findOwnImport, listImports } from '../db/queries/imports.ts';
import { apiError } from '../http/errors.ts';
import { readMultipart } from '../http/multipart.ts';
import { type Authenticated, isPro } from '../services/accounts.ts';
import { readArticle } from '../services/imports/read-article.ts';
import { BadTextError, type ImportKind, importText, kindOfFile } from '../services/imports/read-text.ts';
import { WebPageError, type WebPageProblem } from '../services/imports/web-page.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';
import { registerEndpoint } from './endpoint.ts';

/** A private address is the request's fault; a page that cannot be read as an article is the page's. */
const webPageStatus: Record<WebPageProblem, number> = {
  address_refused: 400,
  page_unreachable: 422,
  page_timeout: 422,
  page_too_large: 422,
  not_an_article: 422,
};

/**
 * A learner's own texts: pasted, uploaded (.txt, .epub, .srt, .vtt) or a web article by its address; made into pages
 * by a job, private to them.
 */
export async function importRoutes(app: FastifyInstance) {
  const { db, imports, limits } = app.deps;
  await app.register(multipart, { limits: { fileSize: maxImportBytes, files: 1, fields: 2, parts: 3 } });

  /** Reads and checks the text now (a bad file is a 400 and nothing is stored), then queues its pages. */
  async function start(
    auth: Authenticated,
    now: Date,
    input: { language: string; title: string; kind: ImportKind; content: string | Uint8Array },
  ) {
    let source: string;
    try {
      source = importText(input.kind, input.content);
    } catch (error) {
      if (error instanceof BadTextError || (error instanceof Error && error.name === 'BadSubtitlesError')) {
        throw apiError(400, 'bad_file', error.message, 'file');
      }
      throw error;
    }
    const limit = isPro(auth.user, now) ? importLimits.pro : importLimits.free;
    const language = learningLanguageSchema.parse(input.language);
    const id = await addImport(
      db,
      { userId: auth.user.id, language, title: input.title, kind: input.kind, source },
      limit,
      now,
    );
    if (id === undefined) {
      throw apiError(403, 'import_limit', `You can import up to ${limit} texts: delete one to import another`);
    }
    await imports.jobs.send(id);
    const created = await findOwnImport(db, auth.user.id, id);
    if (!created) throw new Error('The import vanished');
    return created;
  }

  registerEndpoint(app, endpoints.importText, ({ auth, body, now }) =>
    start(auth, now, { language: body.language, title: body.title, kind: 'paste', content: body.text }),
  );

  registerEndpoint(app, endpoints.importFile, async ({ auth, request, now }) => {
    const notMultipart = apiError(400, 'bad_file', 'Send the text as multipart form data', 'file');
    const { fields, filename, kind, bytes } = await readMultipart(request, notMultipart, async () => {
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file') throw apiError(400, 'bad_file', 'Send the text in the field "file"', 'file');
        const kind = kindOfFile(part.filename);
        if (!kind) throw apiError(400, 'bad_file', 'Import a .txt, .epub, .srt or .vtt file', 'file');
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw apiError(413, 'payload_too_large', 'Text files may be at most 5 MB', 'file');
        return { fields, filename: part.filename, kind, bytes };
      }
      throw apiError(400, 'bad_file', 'Send the text in the field "file"', 'file');
    });
    const language = learningLanguageSchema.safeParse(fields.language);
    if (!language.success) throw apiError(400, 'invalid_input', 'Choose the language of the text', 'language');
    const title = (fields.title?.trim() || filename.replace(/\.[^.]+$/, '')).slice(0, 120).trim();
    if (!title || hasControlCharacter(title)) throw apiError(400, 'invalid_input', 'Give the text a title', 'title');
    return start(auth, now, { language: language.data, title, kind, content: bytes });
  });

  /** The page is fetched and its article read before anything is stored: a page that fails stores nothing. */
  registerEndpoint(app, endpoints.importUrl, async ({ auth, body, now }) => {
    await enforceRateLimit(db, limits.importUrlPerUser, String(auth.user.id), now);
    let article: { title: string; text: string };
    try {
      const page = await imports.webPages(body.url);
      article = await readArticle(page.html);
    } catch (error) {
      if (error instanceof WebPageError)
        throw apiError(webPageStatus[error.problem], error.problem, error.message, 'url');
      throw error;
    }
    if (article.text.length > maxPastedCharacters) {
      throw apiError(422, 'page_too_large', `The article is longer than ${maxPastedCharacters} characters`, 'url');
    }
    const title = (body.title || article.title.replace(/[^\P{Cc}]/gu, '') || new URL(body.url).hostname)
      .slice(0, 120)
      .trim();
    return start(auth, now, { language: body.language, title, kind: 'web', content: article.text });
  });

  registerEndpoint(app, endpoints.myTexts, ({ auth, params }) => listImports(db, auth.user.id, params.targetLang));

  registerEndpoint(app, endpoints.deleteImport, async ({ auth, params }) => {
    if (!(await deleteImport(db, auth.user.id, params.importId))) {
      throw apiError(404, 'not_found', 'This text does not exist');
    }
    return null;
  });
}
