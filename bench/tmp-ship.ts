import pg from 'pg';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench_read_10m' });
const W = "site_id = 1 AND started_at >= '2026-08-01' AND started_at < '2026-08-31'";
for (let i = 0; i < 3; i++) {
  for (const [name, sel] of [
    ['array', 'paths[1:4]'],
    ['json', 'to_json(paths[1:4])'],
    ['text', "array_to_string(paths[1:4], chr(31))"],
  ]) {
    const t = performance.now();
    const { rows } = await pool.query(`SELECT ${sel} AS paths, count(*)::int AS sessions FROM path_session_walks WHERE ${W} GROUP BY paths[1:4]`);
    const t1 = performance.now();
    if (name === 'text') for (const r of rows) r.paths = r.paths.split('\x1f');
    console.log(name, rows.length, Math.round(t1 - t), Math.round(performance.now() - t1));
  }
}
await pool.end();
