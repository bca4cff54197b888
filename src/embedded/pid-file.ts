import { readFile, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../log.js';

/**
 * Running and not a zombie. A server whose parent was SIGKILLed is reparented to PID 1, which in
 * a container may never reap it, so `kill(pid, 0)` alone would report a dead server as alive.
 */
export async function isProcessRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The state letter follows the command name in parentheses, which may itself contain ')'.
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state !== 'Z' && state !== 'X';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
}

interface ProcessIdentity {
  name: string;
  args: string[];
}

async function identify(pid: number): Promise<ProcessIdentity | null> {
  try {
    const [comm, cmdline] = await Promise.all([
      readFile(`/proc/${pid}/comm`, 'utf8'),
      readFile(`/proc/${pid}/cmdline`, 'utf8'),
    ]);
    return { name: comm.trim(), args: cmdline.split('\0').filter(Boolean) };
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await isProcessRunning(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
  return true;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

export interface PidFileProcess {
  pidFile: string;
  /** The process name (`/proc/PID/comm`) the PID must have to be ours. */
  name: string;
  /** An argument the process must have been started with (its data dir or config file). */
  argument: string;
  /** The signal asking for a clean shutdown. */
  signal: NodeJS.Signals;
  log: Logger;
  timeoutMs?: number;
}

/**
 * Stops the server recorded in a pid file, then removes the file; true when one was running. The
 * PID is checked against the expected name and argument first: after a reboot it may be another's.
 */
export async function stopPidFileProcess(p: PidFileProcess): Promise<boolean> {
  const text = await readFile(p.pidFile, 'utf8').catch(() => null);
  if (text === null) return false;
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  let stopped = false;
  if (Number.isInteger(pid) && pid > 0 && (await isProcessRunning(pid))) {
    const who = await identify(pid);
    if (who?.name === p.name && who.args.includes(p.argument)) {
      stopped = true;
      signal(pid, p.signal);
      const timeoutMs = p.timeoutMs ?? 15_000;
      if (!(await waitForExit(pid, timeoutMs))) {
        p.log.warn({ pid, server: p.name, timeoutMs }, 'server ignored %s; killing it', p.signal);
        signal(pid, 'SIGKILL');
        if (!(await waitForExit(pid, 5_000))) throw new Error(`${p.name} (pid ${pid}) survived SIGKILL`);
      }
    }
  }
  await rm(p.pidFile, { force: true });
  return stopped;
}
