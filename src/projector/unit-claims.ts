import pg from 'pg';
import type { FoldUnit } from './fold-units.js';

/** Membership slots a projector process may take: far more processes than any installation runs. */
const MEMBER_SLOTS = 1024;

/** The `application_name` of a projector process's claims connection. */
export const projectorName = (pid: number) => `twofold projector ${pid}`;

/**
 * A projector process's claims, across every projector machine: a membership slot (so each process
 * can count the others and take its fair share of partitions) and one lock per fold unit it folds.
 * All are session-level advisory locks on one dedicated connection outside the pool: when the
 * process dies its connection closes and every claim passes on at once.
 */
export class UnitClaims {
  private client: pg.Client | undefined;
  private lost: (() => void) | undefined;
  /** This process's membership slot, once joined. */
  slot = 0;

  constructor(private readonly db: pg.Pool) {}

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Connects and takes a membership slot; false when the database cannot be reached. */
  async join(): Promise<boolean> {
    // Named for the process, so an operator (or a drill) can tell which process holds a partition.
    const client = new pg.Client({ ...this.db.options, application_name: projectorName(process.pid) });
    // A lost connection while held hands every claim on; before that, it is only a failed attempt.
    client.on('error', () => {
      if (this.client === client) {
        this.client = undefined;
        this.lost?.();
      }
    });
    try {
      await client.connect();
      let slot = -1;
      for (let s = 0; s < MEMBER_SLOTS && slot < 0; s++) {
        const { rows } = await client.query<{ ok: boolean }>(
          "SELECT pg_try_advisory_lock(hashtext('twofold.members'), $1) AS ok",
          [s],
        );
        if (rows[0]!.ok) slot = s;
      }
      if (slot < 0) throw new Error('no free projector membership slot');
      this.slot = slot;
      this.client = client;
      return true;
    } catch {
      await client.end().catch(() => {});
      return false;
    }
  }

  /** Projector processes connected to this database now, this one included. */
  async members(): Promise<number> {
    const { rows } = await this.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND classid::bigint = (hashtext('twofold.members')::bigint & 4294967295)`,
    );
    return Math.max(1, Number(rows[0]!.n));
  }

  /** Takes the unit's lock if no process holds it. */
  async tryClaim(unit: FoldUnit): Promise<boolean> {
    const { rows } = await this.query<{ ok: boolean }>(
      "SELECT pg_try_advisory_lock(hashtext('twofold.projector'), hashtext($1)) AS ok",
      [`fold:${unit.name}`],
    );
    return rows[0]!.ok;
  }

  async release(unit: FoldUnit): Promise<void> {
    await this.query("SELECT pg_advisory_unlock(hashtext('twofold.projector'), hashtext($1))", [
      `fold:${unit.name}`,
    ]);
  }

  onLost(fn: () => void): void {
    this.lost = fn;
  }

  /** Drops every claim: closing the connection drops the locks even if the server never sees an unlock. */
  close(): void {
    const c = this.client;
    this.client = undefined;
    void c?.end().catch(() => {});
  }

  private query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    if (!this.client) throw new Error('projector claims are not connected');
    return this.client.query<R>(text, values);
  }
}
