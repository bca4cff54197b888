import { ConfigError } from '../config.js';
import { type Db, sql } from '../db/sql.js';

/**
 * Records `wanted` as the installation's partition count at first start and returns the recorded
 * one. A different count later would move sites to other partitions (and their history to other
 * checkpoints), so it is refused with a message that names the recorded count.
 */
export async function fixPartitionCount(db: Db, wanted: number): Promise<number> {
  await db.query(sql`INSERT INTO stream_layout (partitions) VALUES (${wanted}) ON CONFLICT (one) DO NOTHING`);
  const { rows } = await db.query<{ partitions: number }>('SELECT partitions FROM stream_layout');
  const recorded = rows[0]!.partitions;
  if (recorded !== wanted)
    throw new ConfigError(
      `PROJECTION_PARTITIONS is ${wanted}, but this installation was started with ${recorded}: ` +
        `the count is fixed at first start (unset it or set it to ${recorded})`,
    );
  return recorded;
}
