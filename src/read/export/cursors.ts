import type pg from 'pg';
import type { Db } from '../../db/sql.js';

/**
 * The `limit` a list read is called with when an export reads all its rows. It reaches the read's
 * SQL as a parameter (`LIMIT $n`), which marks the statement as a list query: the export runs it
 * once, as a cursor, and takes its pages from there.
 */
export const ALL_ROWS = Number.MAX_SAFE_INTEGER;

interface Cursor {
  name: string;
  /** Rows taken so far (the cursor's position), undefined once moved past its end to count. */
  at: number | undefined;
  /** Whether its first page was full: the only lists that may hold more rows. */
  full?: boolean;
}

type Statement = string | { text: string; values?: unknown[] };

/**
 * One export's reading, on one connection of the read pool, in one read-only transaction (a
 * consistent snapshot for the whole file). Each list query of the read is declared once as a
 * scrollable cursor, so its aggregation runs once whatever the number of pages; a page is a FETCH
 * from it. Several cursors stay open side by side (a grouped read has one per list), which a
 * `pg-cursor` per query could not do on one connection; hence SQL cursors.
 */
export class ExportCursors {
  private readonly cursors = new Map<string, Cursor>();
  /** The last statement sent: statements go one after another (a grouped read asks for its lists at once). */
  private tail: Promise<unknown> = Promise.resolve();
  private closing: Promise<void> | undefined;
  private failed: Error | undefined;
  private readonly onError = (err: Error) => {
    this.failed = err;
  };

  private constructor(private readonly client: pg.PoolClient) {
    // A connection that breaks while held must not become an unhandled 'error' event.
    client.on('error', this.onError);
  }

  /**
   * `idleMs`: how long the export may wait for its client between two pages. A download whose
   * client stops reading would otherwise hold its connection for good; past it Postgres ends the
   * session, the file is cut off and the connection is replaced.
   */
  static async open(pool: pg.Pool, idleMs: number): Promise<ExportCursors> {
    const client = await pool.connect();
    const cursors = new ExportCursors(client);
    try {
      await cursors.send('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // Cursors are planned for their first tenth by default; an export reads all of it.
      await cursors.send({
        text: `SELECT set_config('cursor_tuple_fraction', '1', true),
                      set_config('idle_in_transaction_session_timeout', $1, true)`,
        values: [String(idleMs)],
      });
    } catch (err) {
      await cursors.close();
      throw err;
    }
    return cursors;
  }

  /** One statement, after those before it; refused once the export has ended. */
  private send(statement: Statement): Promise<pg.QueryResult> {
    if (this.closing) return Promise.reject(new Error('the export has ended'));
    return this.queue(() => this.client.query(statement));
  }

  private queue<T>(run: () => Promise<T>): Promise<T> {
    const next = this.tail.then(run);
    this.tail = next.catch(() => {});
    return next;
  }

  /** How many list queries the read has asked for. */
  get lists(): number {
    return this.cursors.size;
  }

  /**
   * The Db the read runs on for page `n`: a list query (one carrying ALL_ROWS) answers its rows
   * `(n - 1) · rows + 1` to `n · rows` from its cursor; any other statement runs as given.
   */
  page(n: number, rows: number): Db {
    const query = async (statement: Statement) => {
      const s = typeof statement === 'string' ? { text: statement, values: [] } : statement;
      if (!s.values?.includes(ALL_ROWS)) return this.send(s);
      return this.fetch(s.text, s.values, (n - 1) * rows, rows);
    };
    return { query } as unknown as Db;
  }

  private async fetch(text: string, values: unknown[], from: number, rows: number) {
    const key = `${text}\u0000${JSON.stringify(values)}`;
    let cursor = this.cursors.get(key);
    if (cursor === undefined) {
      cursor = { name: `export_${this.cursors.size + 1}`, at: 0 };
      this.cursors.set(key, cursor);
      await this.send({ text: `DECLARE ${cursor.name} SCROLL CURSOR FOR ${text}`, values });
    }
    if (cursor.at !== from) await this.send(`MOVE ABSOLUTE ${from} IN ${cursor.name}`);
    const page = await this.send(`FETCH FORWARD ${rows} FROM ${cursor.name}`);
    cursor.at = from + page.rows.length;
    cursor.full ??= page.rows.length === rows;
    return page;
  }

  /**
   * The rows of each list query whose first page was full, in the order the read first asked for
   * them. Postgres counts them (`MOVE FORWARD ALL`); none is sent.
   */
  async fullCounts(): Promise<number[]> {
    const counts: number[] = [];
    for (const cursor of this.cursors.values()) {
      if (!cursor.full) continue;
      const start = cursor.at ?? 0;
      if (cursor.at === undefined) await this.send(`MOVE ABSOLUTE 0 IN ${cursor.name}`);
      const moved = await this.send(`MOVE FORWARD ALL IN ${cursor.name}`);
      cursor.at = undefined;
      counts.push(start + (moved.rowCount ?? 0));
    }
    return counts;
  }

  /** Ends the transaction and gives the connection back; once, however often it is called. */
  close(): Promise<void> {
    // After the statements already sent; any asked for later is refused.
    this.closing ??= this.queue(async () => {
      const ended = this.failed
        ? undefined
        : await this.client.query('COMMIT').then(
            () => undefined,
            (err: Error) => err,
          );
      this.client.removeListener('error', this.onError);
      // A connection that failed is destroyed rather than pooled.
      this.client.release(this.failed ?? ended);
    });
    return this.closing;
  }
}
