/** A task refused because too many are already waiting for their turn. */
export class QueueFullError extends Error {
  constructor() {
    super('Too many tasks are waiting');
    this.name = 'QueueFullError';
  }
}

/**
 * Runs tasks one at a time, in the order they came, with at most `waiting` of them queued behind the running one; a
 * task beyond that is refused at once (`QueueFullError`) rather than held for longer than a client would wait.
 */
export function oneAtATime({ waiting }: { waiting: number }) {
  const queue: Array<() => void> = [];
  let running = false;
  const next = () => {
    const start = queue.shift();
    if (start) start();
    else running = false;
  };
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running && queue.length >= waiting) return Promise.reject(new QueueFullError());
      const started = new Promise<void>((resolve) => {
        if (running) queue.push(resolve);
        else {
          running = true;
          resolve();
        }
      });
      return started.then(task).finally(next);
    },
  };
}
