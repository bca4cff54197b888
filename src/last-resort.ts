/**
 * The last resort: an exception nothing caught, or a rejection nothing awaited, is logged and
 * counted, and the process serves on. Without a handler Node ends the process, and with it every
 * request in flight (and, under `npm start` with embedded servers, Postgres and NATS too), for what
 * is nearly always one request's bug; a process that does die is replaced by the cluster, and an
 * ingest thread by its gate.
 */
import type { Logger } from './log.js';

let total = 0;

/** Errors that reached a last-resort handler in this process, its threads included. */
export const uncaughtErrors = (): number => total;

export function countUncaught(): void {
  total++;
}

export type UncaughtKind = 'uncaughtException' | 'unhandledRejection';

/** Hands every error no code caught to `report` instead of ending the process (or the thread). */
export function serveOnUncaught(report: (err: unknown, kind: UncaughtKind) => void): void {
  process.on('uncaughtException', (err) => report(err, 'uncaughtException'));
  process.on('unhandledRejection', (reason) => report(reason, 'unhandledRejection'));
}

/** The process's last resort: each error is counted and logged with its stack, and serving goes on. */
export function logUncaught(log: Logger): void {
  serveOnUncaught((err, kind) => {
    countUncaught();
    log.error({ err, kind }, 'uncaught error; serving on');
  });
}
