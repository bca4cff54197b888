import type pg from 'pg';

/**
 * One folder per projection at a time, across every projector machine: a session-level advisory
 * lock held on a dedicated connection. Standbys retry; when the holder dies its connection closes
 * and the lock passes on.
 */
export class Leadership {
  private client: pg.PoolClient | undefined;
  private lost: (() => void) | undefined;

  constructor(
    private readonly db: pg.Pool,
    private readonly name: string,
  ) {}

  /** Resolves once held, or with false when `cancelled()` turns true first. */
  async acquire(cancelled: () => boolean, retryMs = 2000): Promise<boolean> {
    while (!cancelled()) {
      const client = await this.db.connect().catch(() => undefined);
      if (client) {
        const { rows } = await client
          .query<{ ok: boolean }>(
            "SELECT pg_try_advisory_lock(hashtext('twofold.projector'), hashtext($1)) AS ok",
            [this.name],
          )
          .catch(() => ({ rows: [{ ok: false }] }));
        if (rows[0]?.ok) {
          this.client = client;
          client.on('error', () => this.lost?.());
          return true;
        }
        client.release();
      }
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
    // Destroying the connection drops the lock even if the server never sees an unlock.
    c?.release(true);
  }
}
