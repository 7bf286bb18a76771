import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Gives the JavaScript heap back to the system when the server falls quiet. V8 grows its heap for start-up
 * (modules, migrations, the starter library) and for large answers, and without a full collection keeps those
 * pages, most of them free. Once per quiet stretch — after start-up or after requests, when a whole interval has
 * passed without one — a full collection shrinks the heap to what is live (`npm run bench:memory` shows the effect). It never runs while requests keep arriving, so no
 * request waits for it, and an idle server is collected once, not on every interval.
 */
export type IdleGc = {
  /** Counts a request: the interval it falls in is not quiet, and the next quiet one collects. */
  touch(): void;
  stop(): void;
};

export function startIdleGc({
  intervalMs,
  collect = exposedGc(),
}: {
  intervalMs: number;
  collect?: () => void;
}): IdleGc {
  // Start-up is the first burst of activity.
  let busy = true;
  let collected = false;
  const timer = setInterval(() => {
    if (busy) {
      busy = false;
      collected = false;
    } else if (!collected) {
      collected = true;
      collect();
    }
  }, intervalMs);
  timer.unref();
  return {
    touch: () => {
      busy = true;
    },
    stop: () => clearInterval(timer),
  };
}

/** V8's full collection, exposed at run time (the same as starting Node with `--expose-gc`). */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => gc();
}
