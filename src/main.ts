import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './log.js';
import { startTwofold } from './server.js';

/** `npm start`: every role of the config, stopped cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const running = await startTwofold(config, log);
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
  // A bad setting is one line naming the variable and what it accepts, not a stack trace.
  console.error(`twofold: ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}`);
  process.exit(1);
});
