/**
 * Reads in flight per owner (an API key, or a signed-in account), at most `limit` each. Counted in
 * memory: each HTTP process keeps its own counts.
 */
export class ReadSlots {
  private readonly held = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** One of `owner`'s slots, or undefined when all are held; the function gives it back (once, however often called). */
  take(owner: string): (() => void) | undefined {
    const n = this.held.get(owner) ?? 0;
    if (n >= this.limit) return undefined;
    this.held.set(owner, n + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.held.get(owner) ?? 1) - 1;
      if (left === 0) this.held.delete(owner);
      else this.held.set(owner, left);
    };
  }

  inUse(owner: string): number {
    return this.held.get(owner) ?? 0;
  }
}
