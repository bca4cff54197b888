/**
 * Runs `task` after `firstMs`, then every `everyMs`, one run at a time: a tick that finds the last
 * run still going is skipped, so a slow database never piles runs up. `task` logs its own failures.
 * The timers never keep the process alive.
 */
export function runEvery(task: () => Promise<unknown>, firstMs: number, everyMs: number): { stop(): void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    task()
      .catch(() => {})
      .finally(() => (running = false));
  };
  const first = setTimeout(tick, firstMs);
  const every = setInterval(tick, everyMs);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
