import pg from 'pg';

/**
 * One folder per projection at a time, across every projector machine: a session-level advisory
 * lock held on a dedicated connection. Standbys retry; when the holder dies its connection closes
 * and the lock passes on. The connection is the lock's own, outside the pool, so however many
 * projections a process runs, the pool keeps every connection for folding and reads.
 */
export class Leadership {
  private client: pg.Client | undefined;
  private lost: (() => void) | undefined;

  constructor(
    private readonly db: pg.Pool,
    private readonly name: string,
  ) {}

  /** Resolves once held, or with false when `cancelled()` turns true first. */
  async acquire(cancelled: () => boolean, retryMs = 2000): Promise<boolean> {
    while (!cancelled()) {
      const client = new pg.Client(this.db.options);
      // A lost connection while held hands leadership on; before that, it is only a failed attempt.
      client.on('error', () => {
        if (this.client === client) this.lost?.();
      });
      const connected = await client.connect().then(
        () => true,
        () => false,
      );
      if (connected) {
        const { rows } = await client
          .query<{ ok: boolean }>(
            "SELECT pg_try_advisory_lock(hashtext('twofold.projector'), hashtext($1)) AS ok",
            [this.name],
          )
          .catch(() => ({ rows: [{ ok: false }] }));
        if (rows[0]?.ok) {
          this.client = client;
          return true;
        }
      }
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, retryMs));
    }
    return false;
  }

  onLost(fn: () => void): void {
    this.lost = fn;
  }

  release(): void {
    const c = this.client;
    this.client = undefined;
    // Closing the connection drops the lock even if the server never sees an unlock.
    void c?.end().catch(() => {});
  }
}
