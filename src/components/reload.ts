import { timings } from '@/contract/constants';

/** After login or signup the page reloads 200 ms later (spec §2), starting the session from a clean slate. */
export function reloadSoon(): void {
  setTimeout(() => window.location.reload(), timings.reloadAfterAuthMs);
}
