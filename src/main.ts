import { startCluster } from './cluster.js';
import { loadConfig } from './config.js';
import { logUncaught } from './last-resort.js';
import { createLogger } from './log.js';
import { startTwofold } from './server.js';

/** `npm start`: every role of the config, stopped cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  // Every process of the service runs this: the primary and, forked from this file, API workers.
  logUncaught(log);
  const clustered = config.API_PROCESSES > 1 && config.TWOFOLD_ROLE !== 'projector';
  const running = clustered ? await startCluster(config, log) : await startTwofold(config, log);
  const shutdown = (signal: string) => {
    log.info({ signal }, 'stopping');
    running.stop().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  // Start-up failures (a bad setting, a missing binary, a busy DATA_DIR) are one line that says
  // what to do; the stack only helps when asked for.
  const detail = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
  console.error(`twofold: ${err instanceof Error ? (detail ? err.stack : err.message) : String(err)}`);
  process.exit(1);
});
