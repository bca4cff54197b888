import pLimit from 'p-limit';
import type { Projection } from '../../projections/projection.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { readCheckpoints, WHOLE_STREAM } from './checkpoint.js';
import { dropRetiredDurables } from './consumer.js';
import { type FoldUnit, lastSeqOf, legacyUnit, partitionUnit } from './fold-units.js';
import { UnitClaims } from './unit-claims.js';
import { UnitWorker, type WorkerDeps, type WorkerOptions } from './worker.js';

export interface ProjectorOptions extends WorkerOptions {
  /** The installation's partition count (fixed at first start). */
  partitions: number;
  /** How often the process counts the projectors and takes or gives back partitions. */
  rebalanceMs?: number;
  /** Fold units of this process folding a batch at once; the rest wait, so folds never take the whole pool. */
  foldingAtOnce?: number;
}

/**
 * A projector process: folds every projection, partition by partition, sharing the partitions with
 * the other projector processes of the installation. Every `rebalanceMs` it counts the processes
 * (N) and holds ceil(partitions / N) partitions: it takes free ones up to that share, and gives
 * back those above it, so a process that joins gets its share within a round or two and the
 * partitions of one that dies (its locks drop with its connection) are taken within seconds.
 * Before any partition it folds what is left of the messages appended before subjects carried a
 * partition (an upgraded installation), so a site's older messages fold before its newer ones.
 */
export class Projector {
  private readonly claims: UnitClaims;
  private readonly workers = new Map<number, UnitWorker>();
  private readonly units: FoldUnit[];
  private readonly rebalanceMs: number;
  private readonly workerOpts: WorkerOptions;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly deps: WorkerDeps,
    readonly projections: readonly Projection[],
    opts: ProjectorOptions,
  ) {
    this.units = Array.from({ length: opts.partitions }, (_, k) => partitionUnit(deps.prefix, k));
    this.rebalanceMs = opts.rebalanceMs ?? 2000;
    const limit = pLimit(opts.foldingAtOnce ?? 2);
    this.workerOpts = { ...opts, gate: (fn) => limit(fn) };
    this.claims = new UnitClaims(deps.db);
    this.claims.onLost(() => {
      this.deps.log.warn('lost the projector claims connection; stopping its fold units');
      void this.stopUnits();
    });
  }

  /** Starts in the background. */
  start(): void {
    this.running = this.run();
  }

  /** The partitions this process folds now. */
  held(): number[] {
    return [...this.workers.keys()].filter((p) => p !== WHOLE_STREAM).sort((a, b) => a - b);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!this.claims.connected) {
          if (await this.claims.join()) {
            await dropRetiredDurables(this.deps.nats.jsm, this.deps.prefix, this.projections);
            await this.foldLegacy();
          }
        }
        if (this.claims.connected) await this.rebalance();
      } catch (err) {
        if (!this.stopped) this.deps.log.warn({ err }, 'projector claims failed; retrying');
      }
      await new Promise<void>((r) => {
        this.wake = r;
        setTimeout(r, this.rebalanceMs);
      });
    }
  }

  private async rebalance(): Promise<void> {
    const members = await this.claims.members();
    const share = Math.ceil(this.units.length / members);
    const held = this.held();
    for (const part of held.slice(share)) await this.stopUnit(part);
    if (held.length >= share) return;
    // Each process starts looking at a different place, so processes starting together rarely race.
    const first = (this.claims.slot * share) % this.units.length;
    for (let i = 0; i < this.units.length && this.workers.size < share && !this.stopped; i++) {
      const unit = this.units[(first + i) % this.units.length]!;
      if (this.workers.has(unit.part)) continue;
      if (await this.claims.tryClaim(unit)) this.startUnit(unit);
    }
  }

  private startUnit(unit: FoldUnit): UnitWorker {
    const w = new UnitWorker(this.deps, this.projections, unit, this.workerOpts);
    this.workers.set(unit.part, w);
    w.start();
    this.deps.log.info({ unit: unit.name }, 'folding a partition');
    return w;
  }

  private async stopUnit(part: number): Promise<void> {
    const w = this.workers.get(part);
    if (!w) return;
    this.workers.delete(part);
    await w.stop();
    if (this.claims.connected) await this.claims.release(w.unit).catch(() => {});
  }

  private async stopUnits(): Promise<void> {
    const all = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(all.map((w) => w.stop()));
  }

  /** Folds the messages without a partition that some projection has not folded, if any. */
  private async foldLegacy(): Promise<void> {
    if (!(await this.legacyLeft())) return;
    const unit = legacyUnit(this.deps.prefix);
    while (!this.stopped && !(await this.claims.tryClaim(unit))) await sleep(this.rebalanceMs);
    if (this.stopped) return;
    const w = this.startUnit(unit);
    try {
      while (!this.stopped && (await this.legacyLeft())) await sleep(200);
    } finally {
      this.workers.delete(unit.part);
      await w.stop();
      await this.claims.release(unit).catch(() => {});
    }
  }

  private async legacyLeft(): Promise<boolean> {
    const last = await lastSeqOf(this.deps.nats.jsm, this.deps.prefix, legacyUnit(this.deps.prefix)).catch(
      () => 0,
    );
    if (last === 0) return false;
    const checkpoints = await readCheckpoints(this.deps.db);
    return this.projections.some((p) => (checkpoints.get(p.name)?.get(WHOLE_STREAM) ?? 0) < last);
  }

  /** Stops folding: each unit finishes its batch, and the claims pass on. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    await this.stopUnits();
    this.claims.close();
  }
}
