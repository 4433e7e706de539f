import type { PGlite } from '@electric-sql/pglite';

/**
 * One PGlite is one backend session shared by every connection of the socket bridge, so the bridge
 * must not let two connections' messages interleave where the session keeps state between
 * messages. pglite-socket 0.2.17 keeps a connection's turn only inside an SQL transaction; the
 * extended query protocol also keeps state between Parse and Sync (the unnamed prepared statement
 * and portal, PostgreSQL docs §55.2.3 "Extended Query"), so two pooled clients' batches
 * interleaved and one bound the other's statement: "unnamed prepared statement does not exist"
 * under load (the 500s on sign-up seen in e2e). Known upstream: electric-sql/pglite#1046 (open;
 * the same report shows the queue also stalls for good after one failed message), PR #977.
 * This queue keeps the turn for a connection from its Parse/Bind/Describe/Execute/Close/Flush
 * until its Sync, and for the whole of its transaction; it installs in place of the library's.
 */

/** Frontend message types that leave an extended-protocol batch open until Sync (§55.7). */
const OPENS_BATCH = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
/** Sync: ends a batch; the backend also stops skipping messages after an error there. */
const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);

/** Whether the connection that just ran a message of `type` keeps the session for its next one. */
export function keepsTurn(type: number | undefined, inTransaction: boolean): boolean {
  return inTransaction || (type !== undefined && OPENS_BATCH.has(type));
}

interface Entry {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

/** The interface pglite-socket's handlers call on their server's `queryQueue`. */
export class SessionQueue {
  private queue: Entry[] = [];
  private processing = false;
  /** The connection whose batch or transaction is open: only its messages may run next. */
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(
    handlerId: number,
    message: Uint8Array,
    onData: (data: Uint8Array) => void,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.processQueue();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((e) => {
      if (e.handlerId !== handlerId) return true;
      e.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** A connection that leaves mid-batch or mid-transaction gives the session back clean. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(SYNC, { onRawData: () => undefined }),
    );
    // exec takes the session's lock itself: outside runExclusive, or it waits on itself.
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    await this.processQueue();
  }

  private async processQueue(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.owner;
        const at = owner === null ? 0 : this.queue.findIndex((e) => e.handlerId === owner);
        if (at === -1) break; // the owner's next message has not arrived yet: enqueue resumes
        const [entry] = this.queue.splice(at, 1) as [Entry];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(entry.message, {
              onRawData: (data) => {
                bytes += data.length;
                entry.onData(data);
              },
            }),
          );
        } catch (error) {
          // PGlite itself failed (not an SQL error, which is data): the connection's batch is
          // lost either way; the others go on.
          this.owner = null;
          entry.reject(error);
          continue;
        }
        this.owner = keepsTurn(entry.message[0], this.db.isInTransaction())
          ? entry.handlerId
          : null;
        entry.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
}
