import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { startBackends } from '../../src/embedded/backends.js';
import { createLogger } from '../../src/log.js';
import { databaseUrlFor } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    natsUrl: string;
    templateDb: string;
  }
}

/**
 * One set of servers per test run: the ones named by DATABASE_URL / NATS_URL, or embedded ones
 * started here. The schema is migrated once into a template database that every test file clones.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'twofold-test-'));
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const backends = await startBackends({
    databaseUrl: process.env.DATABASE_URL || undefined,
    natsUrl: process.env.NATS_URL || undefined,
    dataDir,
    log,
  });
  const templateDb = `twofold_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = createPool(backends.databaseUrl, 1);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const tpl = createPool(databaseUrlFor(backends.databaseUrl, templateDb), 2);
  await migrate(tpl);
  await tpl.end();

  project.provide('databaseUrl', backends.databaseUrl);
  project.provide('natsUrl', backends.natsUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'tf\\_%' AND datname LIKE $1",
      [`tf\\_${process.pid}\\_%`],
    );
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    await admin.end();
    await backends.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
