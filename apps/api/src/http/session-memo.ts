/**
 * The session lookup answered from memory on the embedded database (decision 043). One process owns
 * the data folder (decision 010), so every write passes through its database thread, which counts
 * them (`Database.writes`). A looked-up session is kept only if no write was sent or settled while
 * it was read, and is answered only while the count has not moved since: any write — a logout, a
 * disabled user, a role change, a cache-version bump, a write nobody thought of — drops every
 * entry before the next call can read one. Time limits (absolute and idle) are checked per use.
 * On PostgreSQL another process may revoke a session: there is no memo, the lookup runs every call.
 */
export interface MemoSession<Row> {
  row: Row;
  expiresAt: number;
  lastSeenAt: number;
}

const MAX_ENTRIES = 10_000;

export class SessionMemo<Row> {
  readonly #entries = new Map<string, MemoSession<Row>>();
  #at: number;

  constructor(private readonly writes: () => number) {
    this.#at = writes();
  }

  /** The count to pass back to `keep` after reading the session from the database. */
  start(): number {
    return this.writes();
  }

  get(key: string, idleMinutes: number, now = Date.now()): Row | undefined {
    this.#sync();
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now || entry.lastSeenAt <= now - idleMinutes * 60_000) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.row;
  }

  /** Keeps a session read while the write count stood at `startedAt`, if it still does. */
  keep(key: string, startedAt: number, entry: MemoSession<Row>): void {
    this.#sync();
    if (this.#at !== startedAt) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, entry);
  }

  #sync(): void {
    const now = this.writes();
    if (now !== this.#at) {
      this.#entries.clear();
      this.#at = now;
    }
  }
}
