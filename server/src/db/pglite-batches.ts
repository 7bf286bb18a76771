import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

type QueuedMessage = {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
  onData: (data: Uint8Array) => void;
};

/** The parts of pglite-socket 0.2.17's query queue this module replaces (TypeScript-private, so reachable). */
type QueueInternals = {
  queue: QueuedMessage[];
  processing: boolean;
  db: PGlite;
  lastHandlerId: number | null;
  processQueue: () => Promise<void>;
  clearQueueForHandler: (handlerId: number) => void;
};

const code = (letter: string) => letter.charCodeAt(0);
/** Parse, Bind, Describe, Execute, Close, Flush: one extended-protocol exchange, finished by Sync. */
const opensBatch = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map(code));
/** Sync, simple Query, Terminate. */
const closesBatch = new Set(['S', 'Q', 'X'].map(code));

/**
 * pglite-socket multiplexes connections message by message and keeps a connection to itself only inside an
 * explicit transaction. Concurrent clients using the extended protocol (every parameterized query) then
 * clobber each other's unnamed statement and portal between Parse, Bind and Execute ("portal does not
 * exist"). This keeps one connection's messages together from its first Parse to its Sync, as well as for
 * the whole of a transaction.
 */
export function keepExtendedQueriesTogether(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueueInternals }).queryQueue;
  let batchOwner: number | null = null;

  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
    if (batchOwner === handlerId) batchOwner = null;
    clearQueueForHandler(handlerId);
    void queue.processQueue();
  };

  queue.processQueue = async () => {
    if (queue.processing || queue.queue.length === 0) return;
    queue.processing = true;
    try {
      while (queue.queue.length > 0) {
        const owner = batchOwner ?? (queue.db.isInTransaction() ? queue.lastHandlerId : null);
        const index = owner === null ? 0 : queue.queue.findIndex((item) => item.handlerId === owner);
        if (index === -1) break;
        const [item] = queue.queue.splice(index, 1);
        if (!item) break;
        let bytes = 0;
        try {
          await queue.db.runExclusive(() =>
            queue.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          item.reject(error instanceof Error ? error : new Error(String(error)));
          continue;
        }
        queue.lastHandlerId = item.handlerId;
        const type = item.message[0] ?? 0;
        if (opensBatch.has(type)) batchOwner = item.handlerId;
        else if (closesBatch.has(type)) batchOwner = null;
        item.resolve(bytes);
      }
    } finally {
      queue.processing = false;
    }
  };
}
