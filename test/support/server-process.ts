import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOG_TAIL = 200;
const STOP_GRACE_MS = 10_000;

/** How a server process ended: its exit code or the signal that killed it. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`, as the process logged it. */
  url: string;
  child: ChildProcess;
  /** Undefined while the process runs. */
  exit(): Exit | undefined;
  /** The last lines it wrote (stdout and stderr), for a failure's message. */
  tail(): string[];
  /** Parsed log lines at level error (50) or above, in order. */
  errors(): Record<string, unknown>[];
  stop(): Promise<Exit>;
}

export interface ServerProcessOptions {
  /** DATABASE_URL, NATS_URL, STREAM_PREFIX and any other setting; PORT defaults to 0. */
  env: Record<string, string>;
  /** How long to wait for the `twofold listening` line. */
  startTimeoutMs?: number;
  /**
   * The log message that says it is up: `twofold listening` (default; its `address` is the url),
   * or `twofold started` for a process that serves no HTTP (TWOFOLD_ROLE=projector; url empty).
   */
  ready?: 'twofold listening' | 'twofold started';
}

/**
 * The service as `npm start` runs it (tsx src/main.ts), in a process of its own, on a free port.
 * Resolves once it logs its address; rejects with its output if it exits first.
 */
export function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never outlive the test run, even when a hook times out before stop() is reachable.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  child.once('exit', () => process.off('exit', orphan));
  const lines: string[] = [];
  const errors: Record<string, unknown>[] = [];
  let exited: Exit | undefined;
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > LOG_TAIL) lines.shift();
  };
  createInterface({ input: child.stderr! }).on('line', keep);
  const exitPromise = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `the server did not start within ${opts.startTimeoutMs ?? 60_000} ms:\n${lines.join('\n')}`,
        ),
      );
    }, opts.startTimeoutMs ?? 60_000);
    void exitPromise.then((e) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${e.code ?? e.signal}) before listening:\n${lines.join('\n')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line);
      const entry = parseLine(line);
      if (entry === undefined) return;
      if (typeof entry.level === 'number' && entry.level >= 50) errors.push(entry);
      const ready = opts.ready ?? 'twofold listening';
      if (entry.msg === ready && (ready === 'twofold started' || typeof entry.address === 'string')) {
        clearTimeout(timer);
        resolve({
          url: typeof entry.address === 'string' ? entry.address : '',
          child,
          exit: () => exited,
          tail: () => [...lines],
          errors: () => [...errors],
          stop: async () => {
            if (exited !== undefined) return exited;
            child.kill('SIGTERM');
            // A process whose event loop is stuck never runs its SIGTERM handler.
            const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
            return exitPromise.finally(() => clearTimeout(kill));
          },
        });
      }
    });
  });
}

function parseLine(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
