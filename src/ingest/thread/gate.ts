import { Worker } from 'node:worker_threads';
import { countUncaught } from '../../last-resort.js';
import type { Logger } from '../../log.js';
import type { HitGate } from '../gate.js';
import { type HitAnswer, type HitRequest, silentAnswer, STORED, type Tally } from '../handle.js';
import {
  applyCounts,
  type FromThread,
  HIT_FIELDS,
  hitCount,
  type IngestThreadData,
  packHit,
  type ToThread,
  unpackHits,
  type WireHits,
} from './protocol.js';

const BOOT = new URL('./boot.js', import.meta.url);
// The worker module beside this one, in this module's own form (.ts under tsx, .js when compiled).
const ENTRY = new URL(`./worker${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url);
/** A thread that dies sooner than this after its start is not restarted at once (a crash loop). */
const QUICK_DEATH_MS = 1000;
const CLOSE_WAIT_MS = 15_000;
/**
 * Hits handed over at once when a loop turn brings more. A whole turn's hits in one message made
 * the two threads take turns under load: the HTTP thread read hundreds of requests while the ingest
 * thread waited, then waited while those were checked and stored, and both sat a third idle.
 * Handed over in parts, the ingest thread starts on the first while the rest are still being read.
 */
const CHUNK = 32;

/**
 * A hit the thread has not answered within this long is answered 503 (retry later). The thread
 * answers every hit it holds, or dies and its hits are answered for it; this is for a hit it lost
 * track of (after an error nothing caught, which it survives), so that no request waits forever.
 */
const ANSWER_WITHIN_MS = 60_000;

const LOST: HitAnswer = { status: 503, failure: 'the ingest thread stopped before answering' };
const OVERDUE: HitAnswer = { status: 503, failure: 'the ingest thread did not answer in time' };
const NOT_HANDED: HitAnswer = { status: 503, failure: 'the hit could not be handed to the ingest thread' };

/**
 * The hit pipeline on a thread of its own. The HTTP thread then only reads requests and writes
 * answers, which is what a bare route does; validation, enrichment, the rate limit's upserts and
 * the stream's publishes and acknowledgements run beside it on the other core, for the requests
 * of all connections together: hits cross in parts of up to CHUNK as they are read, and the
 * answers that one acknowledgement settles come back in one message.
 */
export class ThreadGate implements HitGate {
  private worker: Worker | undefined;
  private startedAt = 0;
  private readonly pending = new Map<number, (a: HitAnswer) => void>();
  private outbox: WireHits = [];
  private nextId = 0;
  private closing = false;
  private closed: Promise<void> | undefined;
  /** The last id submitted when the sweep last ran: pending ids up to it are overdue at the next. */
  private sweepMark = 0;
  private readonly sweeper: NodeJS.Timeout;
  /**
   * Settles once the first thread is ready (or could not start): the routes are registered only
   * then, so a process listens with its pipeline loaded rather than queueing its first hits behind
   * a thread that is still opening connections and reading the ASN table.
   */
  readonly ready: Promise<void>;
  private started!: { resolve: () => void; reject: (err: Error) => void };

  constructor(
    private readonly data: Omit<IngestThreadData, 'entry'>,
    private readonly tally: Tally,
    private readonly log: Logger,
    /** The worker module; another only in tests of the gate's own behaviour. */
    private readonly entry: URL = ENTRY,
    answerWithinMs = ANSWER_WITHIN_MS,
  ) {
    // Each sweep answers what was pending at the one before: hits waited half to all of the time.
    this.sweeper = setInterval(this.sweep, answerWithinMs / 2).unref();
    this.ready = new Promise((resolve, reject) => (this.started = { resolve, reject }));
    // Whoever awaits it still sees the failure; nobody awaiting it is no crash.
    this.ready.catch(() => {});
    this.start();
  }

  submit(r: HitRequest, answer: (a: HitAnswer) => void): void {
    if (this.closing) return answer(LOST);
    const id = ++this.nextId;
    this.pending.set(id, answer);
    packHit(this.outbox, id, r);
    // After the poll phase what this turn brought leaves together, or at once in parts of CHUNK.
    const n = hitCount(this.outbox);
    if (n === 1) setImmediate(this.flush);
    else if (n >= CHUNK) this.flush();
  }

  close(): Promise<void> {
    this.closed ??= this.finish();
    return this.closed;
  }

  private readonly sweep = (): void => {
    const overdue = this.sweepMark;
    this.sweepMark = this.nextId;
    // Ids are pending in the order they were given, so the overdue ones come first.
    for (const id of this.pending.keys()) {
      if (id > overdue) break;
      this.settle(id, OVERDUE);
    }
  };

  private readonly flush = (): void => {
    const hits = this.outbox;
    this.outbox = [];
    if (hits.length === 0) return;
    if (!this.worker) {
      unpackHits(hits, (id) => this.settle(id, LOST));
      return;
    }
    try {
      this.worker.postMessage({ hits } satisfies ToThread);
    } catch {
      this.handEach(this.worker, hits);
    }
  };

  /**
   * A message that could not be copied to the thread (a value it cannot clone, or one nested deep
   * enough to overflow the stack: the routes drop those first) is handed over hit by hit, so the
   * hit at fault is dropped alone; a hit that fails again on its own is counted `unprocessable`
   * and answered like any silent drop, and one that fails for another reason is answered 503.
   * It runs from setImmediate, so nothing may escape it.
   */
  private handEach(worker: Worker, hits: WireHits): void {
    for (let i = 0; i < hits.length; i += HIT_FIELDS) {
      const one = hits.slice(i, i + HIT_FIELDS);
      try {
        worker.postMessage({ hits: one } satisfies ToThread);
      } catch (err) {
        const own = err instanceof RangeError || (err as { name?: string }).name === 'DataCloneError';
        this.log.warn(
          { err: { message: (err as Error).message } },
          'a hit could not cross to the ingest thread',
        );
        unpackHits(one, (id, r) => {
          if (own) this.tally.dropped(r.endpoint, 'unprocessable');
          this.settle(id, own ? silentAnswer(r.endpoint) : NOT_HANDED);
        });
      }
    }
  }

  private start(): void {
    const worker = new Worker(BOOT, { workerData: { ...this.data, entry: this.entry.href } });
    this.worker = worker;
    this.startedAt = Date.now();
    worker.on('message', (m: FromThread) => {
      if ('answers' in m) {
        applyCounts(m.counts, this.tally);
        for (const id of m.stored) this.settle(id, STORED);
        for (const [id, answer] of m.answers) this.settle(id, answer);
      } else if ('ready' in m) this.started.resolve();
      else if ('uncaught' in m) {
        countUncaught();
        this.log.error(
          { err: { message: m.uncaught }, kind: m.kind },
          'uncaught error in the ingest thread; serving on',
        );
      } else if ('fatal' in m) {
        this.log.error({ reason: m.fatal }, 'the ingest thread could not start');
        this.started.reject(new Error(`the ingest thread could not start: ${m.fatal}`));
      }
    });
    worker.on('error', (err) => this.log.error({ err }, 'the ingest thread failed'));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      // What it held will never be answered by it: those hits may or may not be stored, and the
      // client is told to retry (a retried hit that was stored is a duplicate, never a loss).
      for (const id of [...this.pending.keys()]) this.settle(id, LOST);
      this.started.reject(new Error(`the ingest thread exited with code ${code} before it was ready`));
      if (this.closing) return;
      this.log.error({ code }, 'the ingest thread stopped; starting another');
      const lived = Date.now() - this.startedAt;
      setTimeout(() => this.closing || this.start(), lived < QUICK_DEATH_MS ? QUICK_DEATH_MS : 0).unref();
    });
  }

  private settle(id: number, answer: HitAnswer): void {
    const answered = this.pending.get(id);
    if (answered === undefined) return;
    this.pending.delete(id);
    // One answer that cannot be written must not leave the rest of its message unanswered.
    try {
      answered(answer);
    } catch (err) {
      this.log.error({ err }, 'a hit could not be answered');
    }
  }

  private async finish(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    this.flush();
    const until = Date.now() + CLOSE_WAIT_MS;
    while (this.pending.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((r) => worker.once('exit', () => r()));
    const said = new Promise<void>((r) =>
      worker.on('message', (m: FromThread) => {
        if ('closed' in m) r();
      }),
    );
    worker.postMessage({ close: true } satisfies ToThread);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([said, exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
    await worker.terminate();
    await exited;
  }
}
