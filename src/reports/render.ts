import { DateTime } from 'luxon';
import type { Mail } from '../mail/mailer.js';
import type { AlertVerdict } from './alerts.js';
import type { Compared, Digest } from './digest.js';
import type { AlertKind, DigestKind } from './kinds.js';
import type { Periods } from './periods.js';

/** A mail's text as lines: the plain-text part is them joined, the HTML part them escaped. */
type Line = { heading: string } | { text: string } | { link: string };

const n = (x: number) => x.toLocaleString('en-US');

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function toMail(to: string, subject: string, lines: Line[]): Mail {
  const text = lines
    .map((l) => ('heading' in l ? `\n${l.heading}\n` : 'link' in l ? `\n${l.link}` : l.text))
    .join('\n')
    .trim();
  const html = lines
    .map((l) =>
      'heading' in l
        ? `<h3>${escape(l.heading)}</h3>`
        : 'link' in l
          ? `<p><a href="${escape(l.link)}">${escape(l.link)}</a></p>`
          : `<div>${escape(l.text)}</div>`,
    )
    .join('\n');
  return { to, subject, text: `${text}\n`, html: `<!doctype html><html><body>${html}</body></html>` };
}

const day = (d: Date, tz: string) =>
  DateTime.fromJSDate(d, { zone: tz }).setLocale('en').toFormat('EEE d LLL yyyy');

/** "12 (8 the week before, +50%)"; "12 (0 the week before)" when a change from 0 has no percent. */
function withBefore(c: Compared, before: string): string {
  const change = c.change === undefined ? '' : `, ${c.change > 0 ? '+' : ''}${c.change}%`;
  return `${n(c.now)} (${n(c.before)} ${before}${change})`;
}

/** The weekly or monthly report of a site: both readerships, each figure against the period before. */
export function digestMail(
  to: string,
  kind: DigestKind,
  site: { domain: string; timezone: string },
  { period }: Periods,
  d: Digest,
  dashboard: string,
): Mail {
  const last = new Date(period.end.getTime() - 1);
  const span =
    kind === 'weekly'
      ? `${day(period.start, site.timezone)} – ${day(last, site.timezone)}`
      : DateTime.fromJSDate(period.start, { zone: site.timezone }).setLocale('en').toFormat('LLLL yyyy');
  const before = kind === 'weekly' ? 'the week before' : 'the month before';
  const p = d.people;
  const a = d.agents;
  const share = (x?: number) => (x === undefined ? 'none' : `${x}%`);
  const lines: Line[] = [
    {
      text: `${kind === 'weekly' ? 'Weekly' : 'Monthly'} report for ${site.domain}: ${span} (${site.timezone})`,
    },
    { heading: 'People' },
    { text: `Visitors: ${withBefore(p.visitors, before)}` },
    { text: `Pageviews: ${withBefore(p.pageviews, before)}` },
    { text: 'Top pages:' },
    ...(p.pages.length === 0
      ? [{ text: '  none' }]
      : p.pages.map((x) => ({
          text: `  ${x.pathname}: ${n(x.visitors)} visitors, ${n(x.pageviews)} pageviews`,
        }))),
    { text: 'Top sources:' },
    ...(p.sources.length === 0
      ? [{ text: '  none' }]
      : p.sources.map((x) => ({ text: `  ${x.source}: ${n(x.visitors)} visitors` }))),
    { text: 'Top goals:' },
    ...(p.goals.length === 0
      ? [{ text: '  none' }]
      : p.goals.map((g) => ({ text: `  ${g.name}: ${withBefore(g.conversions, before)} conversions` }))),
    { heading: 'Agents' },
    { text: `Fetches: ${withBefore(a.fetches, before)}` },
    { text: `Verified share: ${share(a.verified_share.now)} (${share(a.verified_share.before)} ${before})` },
    { text: 'Top operators:' },
    ...(a.operators.length === 0
      ? [{ text: '  none' }]
      : a.operators.map((o) => ({ text: `  ${o.operator}: ${n(o.fetches)} fetches` }))),
    {
      text: `Citation gap: ${n(a.citation_gap.gap)} of ${n(a.citation_gap.urls)} URLs crawled far more than cited, ${n(a.citation_gap.not_crawled)} cited but not crawled${a.citation_gap.ratio === undefined ? '' : `; ${a.citation_gap.ratio} fetches per answer-engine arrival`}`,
    },
    { text: `New robots.txt violations: ${n(a.new_violations.count)}` },
    ...a.new_violations.top.map((v) => ({
      text: `  ${v.agent_id} on ${v.pathname}: ${n(v.fetches)} fetches`,
    })),
    { link: dashboard },
  ];
  const subject = `${kind === 'weekly' ? 'Weekly' : 'Monthly'} report for ${site.domain}: ${span}`;
  return toMail(to, subject, lines);
}

const ALERT_TITLES: Record<AlertKind, string> = {
  spike: 'Visitors spiked',
  drop: 'Visitors dropped',
  agent_flood: 'An unverified agent flooded',
};

/** An alert that started to hold in the hour. */
export function alertMail(
  to: string,
  kind: AlertKind,
  threshold: number,
  site: { domain: string; timezone: string },
  { period }: Periods,
  v: AlertVerdict,
  dashboard: string,
): Mail {
  const fmt = (d: Date) => DateTime.fromJSDate(d, { zone: site.timezone }).setLocale('en').toFormat('HH:mm');
  const hour = `${day(period.start, site.timezone)} ${fmt(period.start)}–${fmt(period.end)} (${site.timezone})`;
  const what =
    kind === 'spike'
      ? `${n(v.value)} visitors, above your threshold of ${n(threshold)}`
      : kind === 'drop'
        ? `${n(v.value)} visitors against ${n(v.baseline ?? 0)} in the same hour a week earlier, a fall of at least ${Math.round(threshold * 1000) / 10}%`
        : `${v.agent ?? 'an agent'} made ${n(v.value)} unverified fetches, above your threshold of ${n(threshold)}`;
  const lines: Line[] = [
    { text: `${ALERT_TITLES[kind]} on ${site.domain} in the hour ${hour}:` },
    { text: what },
    { text: 'You will not be mailed about this again until an hour passes without it.' },
    { link: dashboard },
  ];
  return toMail(to, `${ALERT_TITLES[kind]} on ${site.domain}: ${hour}`, lines);
}
