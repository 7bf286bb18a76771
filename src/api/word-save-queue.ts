type SaveQueueOptions<Value extends object, Confirmed extends object> = {
  /** The request: resolves with what the server now holds, rejects when it refused. */
  send: (value: Value) => Promise<Confirmed>;
  /** What the server held before a key's queue starts (null: nothing yet), read once per queue. */
  known: (value: Value) => Confirmed | null;
  /**
   * A key's queue drained after the server confirmed at least one of its values: the last confirmed, and whether
   * the key held nothing before this queue (a new word).
   */
  confirmed: (key: string, value: Confirmed, wasNew: boolean) => void;
  /** The server refused `value`: put back `lastConfirmed` (null: nothing was ever held). */
  refused: (error: unknown, value: Value, lastConfirmed: Confirmed | null) => void;
  /** Starts a key's first request (the reader sends it once the key's frame is painted). */
  schedule: (work: () => void) => void;
};

type KeyQueue<Value, Confirmed> = {
  pending: Value | undefined;
  lastConfirmed: Confirmed | null;
  wasNew: boolean;
  anyConfirmed: boolean;
};

export type SaveQueue<Value> = {
  /** Queues a value: sent at once when nothing of its key is in flight, else after it, replacing any queued one. */
  push: (key: string, value: Value) => void;
};

/**
 * Rapid optimistic changes without request storms, in the shape of Bluesky's useToggleMutationQueue but without
 * React: per key, at most one request in flight; the last value pushed meanwhile is sent next and the ones between
 * never; a refusal drops what was queued behind it and reports the last confirmed value, so the caller rolls back to
 * what the server holds. The caller shows each value as it is pushed; the queue only orders the requests.
 */
export function createSaveQueue<Value extends object, Confirmed extends object>(
  options: SaveQueueOptions<Value, Confirmed>,
): SaveQueue<Value> {
  const queues = new Map<string, KeyQueue<Value, Confirmed>>();

  async function drain(key: string, queue: KeyQueue<Value, Confirmed>) {
    while (queue.pending) {
      const value = queue.pending;
      queue.pending = undefined;
      try {
        queue.lastConfirmed = await options.send(value);
        queue.anyConfirmed = true;
      } catch (error) {
        queue.pending = undefined;
        options.refused(error, value, queue.lastConfirmed);
      }
    }
    queues.delete(key);
    if (queue.anyConfirmed && queue.lastConfirmed) options.confirmed(key, queue.lastConfirmed, queue.wasNew);
  }

  return {
    push(key, value) {
      const queue = queues.get(key);
      if (queue) {
        queue.pending = value;
        return;
      }
      const lastConfirmed = options.known(value);
      const started = { pending: value, lastConfirmed, wasNew: lastConfirmed === null, anyConfirmed: false };
      queues.set(key, started);
      options.schedule(() => void drain(key, started));
    },
  };
}
