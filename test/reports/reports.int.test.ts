import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.js';
import { publicUrl } from '../../src/config.js';
import { createPool } from '../../src/db/pool.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { citationGapSettings } from '../../src/read/citation-gap/reports.js';
import { claimDueDeliveries, LEASE_MS } from '../../src/reports/deliveries.js';
import { type ReportDeps, runDueReports } from '../../src/reports/scheduler.js';
import type { StreamEvent } from '../../streams/events.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, OPENAI_RANGE, UA } from '../support/events.js';
import { messages } from '../support/projection-spec.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

/*
 * Site "berlin" (Europe/Berlin, UTC+1 all of this design), week A = Mon 2 – Sun 8 Nov 2026 local
 * = [1 Nov 23:00, 8 Nov 23:00) UTC; week B the week before, October's last days.
 *   Week A people: v1 / and /pricing from Google, then Signup; v2 / ; v3 / at 1 Nov 23:30 UTC
 *     (Mon 00:30 local: in week A, though the UTC week would not have it) → 3 visitors, 4 pageviews.
 *     Outside: v9 / at 8 Nov 23:30 UTC (Mon 9 Nov 00:30 local, the next week).
 *   Week B (28 Oct): v4 / then Signup, v5 / then Signup → 2 visitors, 2 pageviews, Signup 2.
 *   Week A agents: GPTBot ×2 from OpenAI's ranges on /docs, a spoofed GPTBot on /private,
 *     ClaudeBot on /secret → 4 fetches, verified 50 %. robots.txt (in force from October)
 *     disallows /private for GPTBot and /secret for everyone: GPTBot /private was violated in
 *     week B too, ClaudeBot /secret is new.
 *   Week B agents: spoofed GPTBot on /private ×2 → 2 fetches, verified 0 %.
 *   November (local) also has v6 / at 30 Nov 22:30 UTC (23:30 local); v7 at 30 Nov 23:30 UTC is
 *     1 Dec local: November = v1 v2 v3 v6 v9 = 5 visitors, 6 pageviews; October = v4 v5.
 * Site "alerts" (UTC), hours of 10 Nov 2026 against those of 3 Nov:
 *   visitors 10:00 3 (a week earlier 4), 11:00 3 (6), 12:00 2 (2), 13:00 4 (0);
 *   unverified fetches of one agent: 10:00 NewBot 4 (and 10 verified GPTBot), 11:00 NewBot 3,
 *   12:00 spoofed GPTBot 5.
 */
const utc = (iso: string) => Date.parse(`${iso}Z`);
const ROBOTS = 'User-agent: GPTBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /secret\n';

let t: TestApp;
let app: FastifyInstance;
let smtp: TestSmtp;
let owner: Awaited<ReturnType<typeof signUp>>;
let viewer: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let berlin: number;
let alerts: number;
let clock = new Date(0);
let deps: ReportDeps;

async function fold(events: StreamEvent[], seq: number) {
  const msgs = messages([events], seq);
  for (const p of PROJECTIONS) await foldBatch(t.deps.db, p, msgs);
}

const subscribe = (cookie: string, site: number, body: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/sites/${site}/subscriptions`,
    headers: { cookie },
    payload: body as object,
  });

async function subscribed(cookie: string, site: number, body: object): Promise<number> {
  const res = await subscribe(cookie, site, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const unsubscribe = (cookie: string, id: number) =>
  app.inject({ method: 'DELETE', url: `/api/subscriptions/${id}`, headers: { cookie } });

/** The mails received since `from`, as `to: subject`. */
const mailsSince = (from: number) =>
  smtp.mails.slice(from).map((m) => `${[m.to ?? []].flat()[0]!.value[0]!.address}: ${m.subject}`);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://stats.example/' } });
  app = t.app;
  owner = await signUp(app);
  viewer = await signUp(app);
  stranger = await signUp(app);
  berlin = (await createSite(app, owner.cookie, { domain: 'berlin.example', timezone: 'Europe/Berlin' })).id;
  alerts = (await createSite(app, owner.cookie, { domain: 'alerts.example', timezone: 'UTC' })).id;
  await t.deps.db.query(`INSERT INTO site_members (site_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
    berlin,
    viewer.userId,
  ]);
  const goal = await app.inject({
    method: 'POST',
    url: '/api/goals',
    headers: { cookie: owner.cookie },
    payload: { site: berlin, event: 'Signup' },
  });
  expect(goal.statusCode).toBe(201);
  await t.deps.db.query(
    `INSERT INTO policy_files (site_id, kind, version, body, sha256, source, valid_from)
     VALUES ($1, 'robots', 1, $2, sha256(convert_to($2, 'UTF8')), 'upload', '2026-10-01T00:00:00Z')`,
    [berlin, ROBOTS],
  );

  const site = berlin;
  const google = { referrer: 'https://www.google.com/' };
  await fold(
    [
      hit({ site, visitor: 'v1', ts: utc('2026-11-03T09:00:00'), ...google }),
      hit({ site, visitor: 'v1', ts: utc('2026-11-03T09:01:00'), pathname: '/pricing', ...google }),
      hit({ site, visitor: 'v1', ts: utc('2026-11-03T09:02:00'), kind: 'custom', name: 'Signup' }),
      hit({ site, visitor: 'v2', ts: utc('2026-11-04T12:00:00') }),
      hit({ site, visitor: 'v3', ts: utc('2026-11-01T23:30:00') }),
      hit({ site, visitor: 'v9', ts: utc('2026-11-08T23:30:00') }),
      hit({ site, visitor: 'v4', ts: utc('2026-10-28T10:00:00') }),
      hit({ site, visitor: 'v4', ts: utc('2026-10-28T10:01:00'), kind: 'custom', name: 'Signup' }),
      hit({ site, visitor: 'v5', ts: utc('2026-10-28T11:00:00') }),
      hit({ site, visitor: 'v5', ts: utc('2026-10-28T11:01:00'), kind: 'custom', name: 'Signup' }),
      hit({ site, visitor: 'v6', ts: utc('2026-11-30T22:30:00') }),
      hit({ site, visitor: 'v7', ts: utc('2026-11-30T23:30:00') }),
      fetched({ site, ts: utc('2026-11-05T08:00:00'), pathname: '/docs', ranges: [OPENAI_RANGE] }),
      fetched({ site, ts: utc('2026-11-05T08:01:00'), pathname: '/docs', ranges: [OPENAI_RANGE] }),
      fetched({ site, ts: utc('2026-11-05T08:02:00'), pathname: '/private' }),
      fetched({ site, ts: utc('2026-11-05T08:03:00'), pathname: '/secret', user_agent: UA.claudebot }),
      fetched({ site, ts: utc('2026-10-29T08:00:00'), pathname: '/private' }),
      fetched({ site, ts: utc('2026-10-29T08:01:00'), pathname: '/private' }),
    ],
    1,
  );

  const people = (day: string, hour: number, n: number) =>
    Array.from({ length: n }, (_, i) =>
      hit({ site: alerts, visitor: `${day}-${hour}-${i}`, ts: utc(`2026-11-${day}T${hour}:0${i}:00`) }),
    );
  const agent = (hour: number, n: number, over: object) =>
    Array.from({ length: n }, (_, i) =>
      fetched({ site: alerts, ts: utc(`2026-11-10T${hour}:${10 + i}:00`), ...over }),
    );
  await fold(
    [
      ...people('10', 10, 3),
      ...people('10', 11, 3),
      ...people('10', 12, 2),
      ...people('10', 13, 4),
      ...people('03', 10, 4),
      ...people('03', 11, 6),
      ...people('03', 12, 2),
      ...agent(10, 4, { user_agent: UA.unknown }),
      ...agent(10, 10, { ranges: [OPENAI_RANGE] }),
      ...agent(11, 3, { user_agent: UA.unknown }),
      ...agent(12, 5, {}),
    ],
    2,
  );

  deps = {
    db: t.deps.db,
    readDb: t.deps.readDb,
    mailer: t.deps.mailer!,
    log: t.deps.log,
    now: () => clock,
    publicUrl: publicUrl(t.deps.config),
    citationGap: citationGapSettings(t.deps.config),
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('subscription routes', () => {
  it('refuses what is not a subscription, naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ kind: 'daily' }, 'kind', 'kind must be one of weekly, monthly, spike, drop, agent_flood'],
      [{ kind: 'spike' }, 'threshold', 'spike needs a threshold'],
      [{ kind: 'weekly', threshold: 3 }, 'threshold', 'weekly takes no threshold'],
      [
        { kind: 'drop', threshold: 1.5 },
        'threshold',
        'the threshold of drop is a share above 0 and at most 1 (0.5 = by half)',
      ],
      [
        { kind: 'drop', threshold: 0 },
        'threshold',
        'the threshold of drop is a share above 0 and at most 1 (0.5 = by half)',
      ],
      [
        { kind: 'agent_flood', threshold: 2.5 },
        'threshold',
        'the threshold of agent_flood is a whole number from 1 to 1000000000',
      ],
      [{ kind: 'spike', threshold: '10' }, 'threshold', 'threshold must be a number'],
      [{ kind: 'weekly', extra: 1 }, '', 'extra'],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(owner.cookie, berlin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      if (field) expect(res.json().error.field).toBe(field);
      if (message) expect(res.json().error.message).toContain(message);
    }
    const rows = await t.deps.db.query('SELECT count(*) FROM report_subscriptions');
    expect(rows.rows[0].count).toBe(0);
  });

  it('lets members only subscribe, each for themselves; a second of the same kind replaces the threshold', async () => {
    expect((await subscribe(stranger.cookie, berlin, { kind: 'weekly' })).statusCode).toBe(403);
    expect((await subscribe(owner.cookie, 999_999, { kind: 'weekly' })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/sites/${berlin}/subscriptions`,
          payload: { kind: 'weekly' },
        })
      ).statusCode,
    ).toBe(401);

    const first = await subscribe(viewer.cookie, berlin, { kind: 'spike', threshold: 100 });
    expect(first.statusCode).toBe(201);
    const { id } = first.json().data;
    expect(first.json().data).toMatchObject({ site: berlin, kind: 'spike', threshold: 100 });
    const again = await subscribe(viewer.cookie, berlin, { kind: 'spike', threshold: 50 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id, kind: 'spike', threshold: 50 });
    const mine = await subscribed(owner.cookie, berlin, { kind: 'monthly' });

    const list = await app.inject({
      method: 'GET',
      url: `/api/sites/${berlin}/subscriptions`,
      headers: { cookie: viewer.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.map((s: { id: number; kind: string; threshold: number | null }) => [s.id, s.kind, s.threshold]),
    ).toEqual([[id, 'spike', 50]]);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/sites/${berlin}/subscriptions`,
          headers: { cookie: stranger.cookie },
        })
      ).statusCode,
    ).toBe(403);

    // Another member cannot delete mine; an unknown id is 404; my own is 204 once.
    expect((await unsubscribe(viewer.cookie, mine)).statusCode).toBe(403);
    expect((await unsubscribe(viewer.cookie, 987_654)).statusCode).toBe(404);
    expect((await unsubscribe(viewer.cookie, id)).statusCode).toBe(204);
    expect((await unsubscribe(viewer.cookie, id)).statusCode).toBe(404);
    expect((await unsubscribe(owner.cookie, mine)).statusCode).toBe(204);
    const rows = await t.deps.db.query('SELECT count(*) FROM report_subscriptions');
    expect(rows.rows[0].count).toBe(0);
  });
});

describe('the weekly report', () => {
  let ownerWeekly: number;
  let viewerWeekly: number;

  it('is not sent before the week is over and settled in the site zone', async () => {
    ownerWeekly = await subscribed(owner.cookie, berlin, { kind: 'weekly' });
    viewerWeekly = await subscribed(viewer.cookie, berlin, { kind: 'weekly' });
    // Mon 9 Nov 00:04 Berlin: the week of 2 Nov is over, but not 5 minutes ago.
    clock = new Date(utc('2026-11-08T23:04:00'));
    const from = smtp.mails.length;
    // At 00:04 the last settled week is that of 26 Oct: marked mailed, so only the week of 2 Nov is new.
    await t.deps.db.query(
      `INSERT INTO report_deliveries (subscription_id, period_start, status, lease_until)
       SELECT id, '2026-10-25T23:00:00Z', 'sent', now() FROM report_subscriptions`,
    );
    expect(await runDueReports(deps)).toEqual({ sent: 0, quiet: 0, failed: 0 });
    expect(mailsSince(from)).toEqual([]);
  });

  it('arrives once to each member, from two schedulers at once, with exact figures and changes', async () => {
    clock = new Date(utc('2026-11-08T23:06:00'));
    const from = smtp.mails.length;
    const other = createPool(t.database.url, 4);
    try {
      const runs = await Promise.all([runDueReports(deps), runDueReports({ ...deps, db: other })]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(2);
    } finally {
      await other.end();
    }
    expect(mailsSince(from).sort()).toEqual(
      [
        `${owner.email}: Weekly report for berlin.example: Mon 2 Nov 2026 – Sun 8 Nov 2026`,
        `${viewer.email}: Weekly report for berlin.example: Mon 2 Nov 2026 – Sun 8 Nov 2026`,
      ].sort(),
    );
    const mail = smtp.mails.slice(from).find((m) => m.subject?.length && m.text?.includes('Weekly'))!;
    expect(mail.text).toBe(
      [
        'Weekly report for berlin.example: Mon 2 Nov 2026 – Sun 8 Nov 2026 (Europe/Berlin)',
        '',
        'People',
        '',
        'Visitors: 3 (2 the week before, +50%)',
        'Pageviews: 4 (2 the week before, +100%)',
        'Top pages:',
        '  /: 3 visitors, 3 pageviews',
        '  /pricing: 1 visitors, 1 pageviews',
        'Top sources:',
        '  (direct): 2 visitors',
        '  Google: 1 visitors',
        'Top goals:',
        '  Signup: 1 (2 the week before, -50%) conversions',
        '',
        'Agents',
        '',
        'Fetches: 4 (2 the week before, +100%)',
        'Verified share: 50% (0% the week before)',
        'Top operators:',
        '  openai: 3 fetches',
        '  anthropic: 1 fetches',
        'Citation gap: 0 of 3 URLs crawled far more than cited, 0 cited but not crawled',
        'New robots.txt violations: 1',
        '  claudebot on /secret: 1 fetches',
        '',
        `https://stats.example/sites/${berlin}`,
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain(`<a href="https://stats.example/sites/${berlin}">`);
    expect(mail.html).toContain('<div>Visitors: 3 (2 the week before, +50%)</div>');
    const rows = await t.deps.db.query(
      `SELECT subscription_id, period_start, status, attempts FROM report_deliveries
       WHERE period_start = '2026-11-01T23:00:00Z' ORDER BY subscription_id`,
    );
    expect(rows.rows).toEqual([
      {
        subscription_id: ownerWeekly,
        period_start: new Date('2026-11-01T23:00:00Z'),
        status: 'sent',
        attempts: 1,
      },
      {
        subscription_id: viewerWeekly,
        period_start: new Date('2026-11-01T23:00:00Z'),
        status: 'sent',
        attempts: 1,
      },
    ]);
  });

  it('is not sent again by a restarted scheduler, later in the week either', async () => {
    const from = smtp.mails.length;
    const restarted = createPool(t.database.url, 2);
    try {
      for (const at of ['2026-11-08T23:06:00', '2026-11-12T10:00:00', '2026-11-15T22:59:00']) {
        clock = new Date(utc(at));
        expect(await runDueReports({ ...deps, db: restarted })).toEqual({ sent: 0, quiet: 0, failed: 0 });
      }
    } finally {
      await restarted.end();
    }
    expect(mailsSince(from)).toEqual([]);
  });

  it('goes no more to a member removed from the site, nor after unsubscribing', async () => {
    await t.deps.db.query('DELETE FROM site_members WHERE site_id = $1 AND user_id = $2', [
      berlin,
      viewer.userId,
    ]);
    clock = new Date(utc('2026-11-15T23:06:00'));
    const from = smtp.mails.length;
    expect(await runDueReports(deps)).toEqual({ sent: 1, quiet: 1, failed: 0 });
    expect(mailsSince(from)).toEqual([
      `${owner.email}: Weekly report for berlin.example: Mon 9 Nov 2026 – Sun 15 Nov 2026`,
    ]);
    expect((await unsubscribe(owner.cookie, ownerWeekly)).statusCode).toBe(204);
    clock = new Date(utc('2026-11-22T23:06:00'));
    expect(await runDueReports(deps)).toEqual({ sent: 0, quiet: 1, failed: 0 });
    expect(mailsSince(from + 1)).toEqual([]);
    await t.deps.db.query(`INSERT INTO site_members (site_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      berlin,
      viewer.userId,
    ]);
    expect((await unsubscribe(viewer.cookie, viewerWeekly)).statusCode).toBe(204);
  });
});

describe('the monthly report', () => {
  it('covers the calendar month of the site zone against the month before', async () => {
    const id = await subscribed(owner.cookie, berlin, { kind: 'monthly' });
    clock = new Date(utc('2026-11-30T23:06:00'));
    const from = smtp.mails.length;
    expect(await runDueReports(deps)).toEqual({ sent: 1, quiet: 0, failed: 0 });
    const [mail] = smtp.mails.slice(from);
    expect(mail!.subject).toBe('Monthly report for berlin.example: November 2026');
    expect(mail!.text).toContain(
      'Visitors: 5 (2 the month before, +150%)\nPageviews: 6 (2 the month before, +200%)',
    );
    expect(mail!.text).toContain('Fetches: 4 (2 the month before, +100%)');
    expect(mail!.text).toContain('New robots.txt violations: 1\n  claudebot on /secret: 1 fetches');
    expect(await runDueReports(deps)).toEqual({ sent: 0, quiet: 0, failed: 0 });
    expect((await unsubscribe(owner.cookie, id)).statusCode).toBe(204);
  });
});

describe('delivery that fails or dies', () => {
  it('retries a failed send after the lease, and takes over a claim whose machine died', async () => {
    const id = await subscribed(owner.cookie, berlin, { kind: 'monthly' });
    let failures = 1;
    const flaky: ReportDeps = {
      ...deps,
      mailer: {
        async send(mail) {
          if (failures-- > 0) throw new Error('421 try again later');
          await deps.mailer.send(mail);
        },
        close() {},
      },
    };
    // December is reported from 1 Jan 00:05 Berlin.
    clock = new Date(utc('2026-12-31T23:06:00'));
    const from = smtp.mails.length;
    expect(await runDueReports(flaky)).toEqual({ sent: 0, quiet: 0, failed: 1 });
    expect(await runDueReports(flaky)).toEqual({ sent: 0, quiet: 0, failed: 0 });
    clock = new Date(clock.getTime() + LEASE_MS);
    expect(await runDueReports(flaky)).toEqual({ sent: 1, quiet: 0, failed: 0 });
    expect(mailsSince(from)).toEqual([`${owner.email}: Monthly report for berlin.example: December 2026`]);
    const row = await t.deps.db.query(
      'SELECT status, attempts, last_error FROM report_deliveries WHERE subscription_id = $1 AND period_start = $2',
      [id, new Date('2026-11-30T23:00:00Z')],
    );
    expect(row.rows).toEqual([{ status: 'sent', attempts: 2, last_error: null }]);

    // A machine claims January's report and dies before sending: nobody sends it until its lease ends.
    clock = new Date(utc('2027-01-31T23:06:00'));
    expect(await claimDueDeliveries(t.deps.db, clock)).toHaveLength(1);
    expect(await runDueReports(deps)).toEqual({ sent: 0, quiet: 0, failed: 0 });
    clock = new Date(clock.getTime() + LEASE_MS - 1);
    expect(await runDueReports(deps)).toEqual({ sent: 0, quiet: 0, failed: 0 });
    clock = new Date(clock.getTime() + 1);
    expect(await runDueReports(deps)).toEqual({ sent: 1, quiet: 0, failed: 0 });
    expect(mailsSince(from + 1)).toEqual([`${owner.email}: Monthly report for berlin.example: January 2027`]);
    expect((await unsubscribe(owner.cookie, id)).statusCode).toBe(204);
  });
});

describe('alerts', () => {
  it('fire when their condition starts to hold in the last complete hour, not while it goes on', async () => {
    await subscribed(owner.cookie, alerts, { kind: 'spike', threshold: 2 });
    await subscribed(owner.cookie, alerts, { kind: 'drop', threshold: 0.5 });
    await subscribed(owner.cookie, alerts, { kind: 'agent_flood', threshold: 3 });
    const hourly: string[][] = [];
    for (const at of ['11:04', '11:06', '11:30', '12:06', '13:06', '14:06']) {
      clock = new Date(utc(`2026-11-10T${at}:00`));
      const from = smtp.mails.length;
      await runDueReports(deps);
      hourly.push(
        smtp.mails
          .slice(from)
          .map((m) => m.subject!)
          .sort(),
      );
    }
    expect(hourly).toEqual([
      // 11:04: the 10:00 hour is not settled yet; the 09:00 hour had nothing.
      [],
      [
        'An unverified agent flooded on alerts.example: Tue 10 Nov 2026 10:00–11:00 (UTC)',
        'Visitors spiked on alerts.example: Tue 10 Nov 2026 10:00–11:00 (UTC)',
      ],
      [],
      // 11:00: 3 visitors still (no new spike mail); 3 against 6 a week earlier is a fall of 50 %;
      // NewBot's 3 unverified fetches are not above 3.
      ['Visitors dropped on alerts.example: Tue 10 Nov 2026 11:00–12:00 (UTC)'],
      // 12:00: 2 visitors is not above 2, 2 against 2 no fall; a spoofed GPTBot's 5 fetches flood again.
      ['An unverified agent flooded on alerts.example: Tue 10 Nov 2026 12:00–13:00 (UTC)'],
      // 13:00: 4 visitors spike again after the clear hour; no visitors a week earlier: no drop.
      ['Visitors spiked on alerts.example: Tue 10 Nov 2026 13:00–14:00 (UTC)'],
    ]);
    const texts = smtp.mails
      .filter((m) => m.subject?.includes('alerts.example'))
      .map((m) => m.text!.split('\n')[1]);
    expect(texts).toEqual([
      '3 visitors, above your threshold of 2',
      'unknown made 4 unverified fetches, above your threshold of 3',
      '3 visitors against 6 in the same hour a week earlier, a fall of at least 50%',
      'gptbot made 5 unverified fetches, above your threshold of 3',
      '4 visitors, above your threshold of 2',
    ]);
  });
});

describe('delivery rows', () => {
  it('are pruned 100 days after their period began', async () => {
    const periods = async () =>
      (
        await t.deps.db.query<{ period_start: Date }>(
          'SELECT period_start FROM report_deliveries ORDER BY period_start',
        )
      ).rows.map((r) => r.period_start.toISOString());
    // The alerts' rows of 10 Nov 2026 (the reports' went with their subscriptions).
    expect(await periods()).toHaveLength(15);
    clock = new Date(utc('2027-02-18T00:06:00'));
    expect(await runDueReports(deps)).toEqual({ sent: 0, quiet: 3, failed: 0 });
    expect(await periods()).toHaveLength(18);
    // 100 days after 10 Nov 10:30 UTC: the rows of the hours 09:00 and 10:00 go, the later ones stay.
    clock = new Date(utc('2027-02-18T10:30:00'));
    expect(await runDueReports(deps)).toEqual({ sent: 0, quiet: 3, failed: 0 });
    expect((await periods()).slice(0, 4)).toEqual([
      '2026-11-10T11:00:00.000Z',
      '2026-11-10T11:00:00.000Z',
      '2026-11-10T11:00:00.000Z',
      '2026-11-10T12:00:00.000Z',
    ]);
    expect(await periods()).toHaveLength(15);
  });
});
