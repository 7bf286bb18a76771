import { type Database, DataDirectoryInUseError } from './client.ts';
import { isDatabaseUnavailable, loggableError } from './errors.ts';

type StartLog = { warn: (details: object, message: string) => void };

/**
 * Opens (and migrates) the database, retrying with backoff (0.25 s doubling to 5 s) while it is unreachable, for
 * at most `timeoutMs`; then the last error is thrown. A data directory held by another process, or any error that
 * is not "unreachable", is thrown at once.
 */
export async function openWithRetry(
  open: () => Promise<Database>,
  options: { timeoutMs: number; log: StartLog; sleep?: (ms: number) => Promise<void> },
): Promise<Database> {
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + options.timeoutMs;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (error instanceof DataDirectoryInUseError || !isDatabaseUnavailable(error) || Date.now() + delay > deadline) {
        throw error;
      }
      options.log.warn({ attempt, retryInMs: delay, error: loggableError(error) }, 'database unreachable, retrying');
      await sleep(delay);
      delay = Math.min(delay * 2, 5_000);
    }
  }
}
