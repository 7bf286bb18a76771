/**
 * The word-save request of bench/load. autocannon runs in a worker thread and loads this file with `require`, so it
 * is exported under the name `module.exports` (what Node's require of an ES module returns) and reads the learners'
 * session tokens from the environment the worker inherits.
 */
type Request = { headers?: Record<string, string>; body?: string };

const tokens = (process.env.FOLIO_LOAD_TOKENS ?? '').split(',');
let saved = 0;
let learners = 0;

function setupRequest(request: Request, context: { token?: string }): Request {
  // Each connection is one learner.
  context.token ??= tokens[learners++ % tokens.length];
  saved++;
  return {
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${context.token}` },
    // Half new words, half level changes of words saved before.
    body: JSON.stringify({ lowercase: `w${saved % 2 === 0 ? saved : saved % 500}`, level: saved % 5, language: 'en' }),
  };
}

export { setupRequest as 'module.exports' };
