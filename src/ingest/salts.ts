import { randomBytes } from 'node:crypto';
import { type Db, sql } from '../db/sql.js';

const DAY_MS = 86_400_000;

export function utcDay(ts: number): string {
  return new Date(Math.floor(ts / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * One random salt per site and UTC day, created on first use by whichever instance gets there
 * first (the insert that loses the race reads the winner's). Cached per process for the day.
 */
export class DailySalts {
  private readonly cache = new Map<string, Promise<Buffer>>();
  private readonly loaded = new Map<string, Buffer>();
  // Every hit asks, nearly always for today: the day's text is formatted once per day, not per hit.
  private dayNumber = NaN;
  private dayText = '';

  constructor(private readonly db: Db) {}

  saltFor(site: number, ts: number): Promise<Buffer> {
    const day = this.day(ts);
    const key = `${site}:${day}`;
    let salt = this.cache.get(key);
    if (!salt) {
      salt = this.load(site, day);
      salt.then(
        (value) => {
          if (this.cache.has(key)) this.loaded.set(key, value);
        },
        () => this.cache.delete(key),
      );
      this.cache.set(key, salt);
      if (this.cache.size > 10_000) {
        const oldest = this.cache.keys().next().value!;
        this.cache.delete(oldest);
        this.loaded.delete(oldest);
      }
    }
    return salt;
  }

  /** The salt if saltFor has already loaded it, without a promise to wait for. */
  peek(site: number, ts: number): Buffer | undefined {
    return this.loaded.get(`${site}:${this.day(ts)}`);
  }

  private day(ts: number): string {
    const n = Math.floor(ts / DAY_MS);
    if (n !== this.dayNumber) {
      this.dayNumber = n;
      this.dayText = utcDay(ts);
    }
    return this.dayText;
  }

  private async load(site: number, day: string): Promise<Buffer> {
    // A concurrent insert of the same day can leave both halves empty for this statement's
    // snapshot; the second round then reads the committed winner.
    for (let round = 0; ; round++) {
      const salt = await this.tryLoad(site, day);
      if (salt || round > 0) return salt ?? Promise.reject(new Error('salt unavailable'));
    }
  }

  private async tryLoad(site: number, day: string): Promise<Buffer | undefined> {
    const { rows } = await this.db.query<{ salt: Buffer }>(sql`
      WITH ins AS (
        INSERT INTO site_salts (site_id, day, salt) VALUES (${site}, ${day}::date, ${randomBytes(32)})
        ON CONFLICT (site_id, day) DO NOTHING RETURNING salt)
      SELECT salt FROM ins UNION ALL SELECT salt FROM site_salts WHERE site_id = ${site} AND day = ${day}::date`);
    return rows[0]?.salt;
  }
}

/** Deletes salts whose day is two days past: visitor digests of those days can no longer be linked. */
export async function pruneSalts(db: Db, now = Date.now()): Promise<number> {
  const r = await db.query(sql`DELETE FROM site_salts WHERE day < ${utcDay(now - 2 * DAY_MS)}::date`);
  return r.rowCount ?? 0;
}
