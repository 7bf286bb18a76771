/**
 * The signed-in reads of bench/memory's load: each autocannon connection is one learner, whose session token goes
 * on every request it sends. autocannon loads this file with `require` in its worker thread, hence the export under
 * the name `module.exports`; the tokens come from the environment the worker inherits.
 */
type Request = { headers?: Record<string, string> };

const tokens = (process.env.FOLIO_LOAD_TOKENS ?? '').split(',');
let learners = 0;

function setupRequest(request: Request, context: { token?: string }): Request {
  context.token ??= tokens[learners++ % tokens.length];
  return { ...request, headers: { ...request.headers, authorization: `Bearer ${context.token}` } };
}

export { setupRequest as 'module.exports' };
