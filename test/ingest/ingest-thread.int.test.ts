import { describe, expect, it } from 'vitest';
import type { HitAnswer, HitRequest } from '../../src/ingest/handle.js';
import { ThreadGate } from '../../src/ingest/thread/gate.js';
import { uncaughtErrors } from '../../src/last-resort.js';
import { createLogger } from '../../src/log.js';
import { countingTally } from '../support/tally.js';

const DYING = new URL('./fixtures/dying-thread.ts', import.meta.url);

const hit = (body: unknown): HitRequest => ({
  endpoint: 'track',
  body,
  ctx: {
    address: '198.51.100.7',
    userAgent: 'test',
    receivedAt: Date.now(),
    source: 'tracker',
    optOut: false,
  },
});

/** The gate's answer to one hit. */
const ask = (gate: ThreadGate, r: HitRequest) => new Promise<HitAnswer>((resolve) => gate.submit(r, resolve));

const data = {
  databaseUrl: 'postgres://unused',
  natsUrl: 'nats://unused',
  layout: { prefix: '', partitions: 16 },
  cityDbPaths: [],
};

describe('the ingest thread gate', () => {
  it('answers what the thread answers and counts what it counted', async () => {
    const { seen, tally } = countingTally();
    const gate = new ThreadGate(data, tally, createLogger('silent'), DYING);
    try {
      expect(await Promise.all([ask(gate, hit('ok')), ask(gate, hit('ok'))])).toEqual([
        { status: 204 },
        { status: 204 },
      ]);
      expect(seen).toEqual(['accepted track pageview 1', 'accepted track pageview 1']);
    } finally {
      await gate.close();
    }
  });

  it('hands a loop turn of many hits over in parts of 32 as they come, and answers them all', async () => {
    const { seen, tally } = countingTally();
    const gate = new ThreadGate(data, tally, createLogger('silent'), DYING);
    try {
      // 100 hits in one turn: three parts of 32 while they are read, the last 4 at the turn's end.
      const answers = await Promise.all(Array.from({ length: 100 }, () => ask(gate, hit('part'))));
      expect(answers).toEqual(Array.from({ length: 100 }, () => ({ status: 204 })));
      expect(seen).toEqual([32, 32, 32, 4].map((n) => `accepted track pageview ${n}`));
    } finally {
      await gate.close();
    }
  });

  it('answers the rest of a message when one answer cannot be written, and logs it', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('error', { write: (l: string) => void lines.push(JSON.parse(l)) });
    const gate = new ThreadGate(data, countingTally().tally, log, DYING);
    try {
      // Both cross in one message and are answered by one.
      gate.submit(hit('part'), () => {
        throw new Error('socket gone');
      });
      expect(await ask(gate, hit('part'))).toEqual({ status: 204 });
      expect(lines).toMatchObject([{ msg: 'a hit could not be answered', err: { message: 'socket gone' } }]);
    } finally {
      await gate.close();
    }
  });

  it('drops a hit that cannot cross to the thread alone, and hands its message over without it', async () => {
    const { seen, tally } = countingTally();
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('warn', { write: (l: string) => void lines.push(JSON.parse(l)) });
    const gate = new ThreadGate(data, tally, log, DYING);
    try {
      const deep: unknown[] = [];
      let at = deep;
      for (let i = 0; i < 20_000; i++) at.push((at = []));
      // All in one turn, so one message: a clone that overflows the stack, one of a function.
      const answers = await Promise.all([
        ask(gate, hit('ok')),
        ask(gate, hit(deep)),
        ask(gate, { ...hit(() => {}), endpoint: 'pixel' }),
        ask(gate, hit('ok')),
      ]);
      expect(answers).toEqual([{ status: 204 }, { status: 204 }, { status: 200 }, { status: 204 }]);
      expect(seen.sort()).toEqual(
        [
          'accepted track pageview 1',
          'accepted track pageview 1',
          'dropped track unprocessable 1',
          'dropped pixel unprocessable 1',
        ].sort(),
      );
      expect(lines.map((l) => l.msg)).toEqual([
        'a hit could not cross to the ingest thread',
        'a hit could not cross to the ingest thread',
      ]);
    } finally {
      await gate.close();
    }
  });

  it('logs and counts what nothing in the thread caught, and the thread serves on', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('error', { write: (l: string) => void lines.push(JSON.parse(l)) });
    const gate = new ThreadGate(data, countingTally().tally, log, DYING);
    try {
      expect(await ask(gate, hit('ok'))).toEqual({ status: 204 });
      const before = uncaughtErrors();
      expect(await ask(gate, hit('throw'))).toEqual({ status: 204 });
      for (const until = Date.now() + 5000; uncaughtErrors() === before && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 10));
      expect(uncaughtErrors()).toBe(before + 1);
      expect(lines).toMatchObject([
        {
          msg: 'uncaught error in the ingest thread; serving on',
          kind: 'uncaughtException',
          err: { message: expect.stringContaining('boom') },
        },
      ]);
      expect(await ask(gate, hit('ok'))).toEqual({ status: 204 });
    } finally {
      await gate.close();
    }
  });

  it('answers 503 for what a dying thread held, then serves from a new thread', async () => {
    const { tally } = countingTally();
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('error', { write: (l: string) => void lines.push(JSON.parse(l)) });
    const gate = new ThreadGate(data, tally, log, DYING);
    try {
      expect(await ask(gate, hit('ok'))).toEqual({ status: 204 });
      // Both cross in one message: the thread dies in the middle of a part it holds.
      const held = ask(gate, hit('hold'));
      const killer = ask(gate, hit('die'));
      for (const a of await Promise.all([held, killer]))
        expect(a).toMatchObject({ status: 503, failure: expect.stringContaining('stopped') });
      expect(lines.map((l) => l.msg)).toContain('the ingest thread stopped; starting another');
      // Until another thread is up (a second later when one dies young), hits are answered 503
      // at once rather than left waiting; then the new thread answers.
      let answer = await ask(gate, hit('ok'));
      for (const until = Date.now() + 10_000; answer.status !== 204 && Date.now() < until;) {
        expect(answer).toMatchObject({ status: 503 });
        await new Promise((r) => setTimeout(r, 100));
        answer = await ask(gate, hit('ok'));
      }
      expect(answer).toEqual({ status: 204 });
    } finally {
      await gate.close();
    }
    expect(await ask(gate, hit('ok'))).toMatchObject({ status: 503 });
  });

  it('answers 503 for a hit its thread never answers, and serves on', async () => {
    const gate = new ThreadGate(data, countingTally().tally, createLogger('silent'), DYING, 400);
    try {
      // The thread holds `hold` forever without dying: the gate answers it within 400 ms.
      expect(await ask(gate, hit('hold'))).toEqual({
        status: 503,
        failure: 'the ingest thread did not answer in time',
      });
      expect(await ask(gate, hit('ok'))).toEqual({ status: 204 });
    } finally {
      await gate.close();
    }
  });

  it('refuses to be ready when its thread cannot reach its servers, and says why', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('error', { write: (l: string) => void lines.push(JSON.parse(l)) });
    const gate = new ThreadGate({ ...data, natsUrl: 'nats://127.0.0.1:9' }, countingTally().tally, log);
    try {
      await expect(gate.ready).rejects.toThrow(/the ingest thread could not start/);
      expect(lines[0]).toMatchObject({ msg: 'the ingest thread could not start' });
    } finally {
      await gate.close();
    }
  });
});
