import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { AGENT_REPORTS } from '../read/agents/reports.js';
import { citationReports } from '../read/citation-gap/reports.js';
import { contentReports } from '../read/content/reports.js';
import { bucketCount } from '../read/envelope/granularity.js';
import type { ReadRequest } from '../read/envelope/handler.js';
import type { Report } from '../read/envelope/report.js';
import { POLICY_REPORTS } from '../read/policy/reports.js';
import { STATS_REPORTS } from '../read/stats/reports.js';
import { listSites } from './list-sites.js';
import { readTool } from './read-tool.js';
import { QUERY_METRICS, runQueryTool } from './run-query.js';
import { TOOL_ROW_CEILING } from './schema.js';
import { listSummary, rowPhrase, seriesSummary, totalsSummary } from './summaries.js';
import type { McpTool } from './tool.js';

type Row = Record<string, unknown>;

function named(reports: readonly Report[], name: string): Report {
  const report = reports.find((r) => r.name === name);
  if (!report) throw new Error(`no report named ${name}`);
  return report;
}

/** "name (figures)" of a row, by the first of `names` it has. */
const label =
  (names: readonly string[], figures: readonly string[]) =>
  (row: Row): string =>
    rowPhrase(row[names.find((n) => row[n] !== undefined) ?? names[0]!], row, figures);

/** The summary of a list read: how many rows (`what`), the first three by `names` and `figures`. */
const rowsSummary =
  (what: string | ((r: ReadRequest) => string), names: readonly string[], figures: readonly string[]) =>
  (data: unknown, r: ReadRequest) =>
    listSummary(data as Row[], r.q, typeof what === 'string' ? what : what(r), label(names, figures));

/** The overview's figures of the query's audience. */
const audienceTotals = (data: unknown, r: ReadRequest) =>
  totalsSummary(data as Row, r.q, QUERY_METRICS.totals[r.q.audience]);

const RANKED = ['visitors', 'pageviews', 'fetches', 'bytes', 'share'];
const dimensionValues = (r: ReadRequest) => `${(r.params as { dimension: string }).dimension} values`;

const WINDOW =
  "The window is `range` (30d by default) or `start`/`end`, in the site's time zone unless `tz` is given.";

const CitationView = z.object({
  view: z
    .enum(['urls', 'summary'], { error: 'view must be urls or summary' })
    .default('urls')
    .describe(
      "urls (default): one row per URL. summary: the site's totals, URLs per verdict, and the crawl-to-refer ratio per AI operator.",
    ),
});

/**
 * The twelve tools of docs/api.md#post-apimcp-the-tool-endpoint, each over the reads the HTTP endpoints
 * answer with.
 */
export function mcpTools(
  config: Parameters<typeof citationReports>[0] & Parameters<typeof contentReports>[0],
): McpTool[] {
  const citations = citationReports(config);
  const citationRows = named(citations, 'citation-gap');
  const citationSummary = named(citations, 'citation-gap/summary');
  const breakdown = named(STATS_REPORTS, 'breakdown');
  const overview = named(STATS_REPORTS, 'overview');
  return [
    listSites,
    readTool({
      name: 'get_overview',
      description: `Headline totals of a site for a window. People (audience=human, the default): visitors, sessions, pageviews, bounce_rate (percent 0-100), visit_duration (mean seconds per session), views_per_session. Agents (audience=agent): fetches, agents (distinct), verified_share (percent of fetches the operator vouched for) and verified_by (that percent per method: ip_range, reverse_dns, web_bot_auth), bytes, forged_signatures (fetches whose Web Bot Auth signature failed), with the busiest operators and purposes. audience=all: pageviews = people's pageviews plus agents' HTML fetches. With compare=previous or year: data.comparison (the other window) and data.change (percent change of each figure; absent where it cannot be computed). ${WINDOW}`,
      reports: [overview],
      summary: audienceTotals,
    }),
    readTool({
      name: 'get_timeseries',
      description: `One metric per time bucket ({t, value}), plus data.comparison with compare=previous or year. metric: people visitors (default), sessions, pageviews, bounce_rate (percent), visit_duration (seconds), views_per_session; agents fetches (default), agents, verified_share (percent), bytes, forged_signatures; all pageviews. granularity (minute, hour, day, week, month) is chosen from the window when absent; at most ${TOOL_ROW_CEILING.toLocaleString('en-US')} buckets per call. A bucket without data has no value (never a made-up 0 for rates). ${WINDOW}`,
      reports: [named(STATS_REPORTS, 'timeseries')],
      check: ({ q }) => {
        if (bucketCount(q, q.granularity) > TOOL_ROW_CEILING)
          throw new AppError(
            'validation_error',
            `granularity ${q.granularity} would cut this window into more than ${TOOL_ROW_CEILING} buckets; choose a coarser one or a shorter window`,
            { field: 'granularity' },
          );
      },
      summary: (data, r) =>
        seriesSummary((data as { series: [] }).series, r.q, (r.params as { metric: string }).metric),
    }),
    readTool({
      name: 'get_breakdown',
      description: `Ranked rows for one dimension: each value with its figures and share (percent of the window's total). People: visitors, pageviews, share of visitors (a visitor seen with two values counts for both). Agents: fetches, bytes, share of fetches. all: pageviews (people's pageviews plus agents' HTML fetches) and share, over the dimensions both have. \`dimension\` is required: any dimension \`filters\` takes for the audience. ${WINDOW}`,
      reports: [breakdown],
      summary: rowsSummary(dimensionValues, ['value'], RANKED),
    }),
    readTool({
      name: 'get_pages',
      description: `Pages ranked by visitors. People: pathname, visitors, pageviews, entries and exits (sessions that began or ended on the page), scroll_depth (mean maximum scroll, percent) and time_on_page (mean engaged seconds), each absent when never reported. Agents: pathname, fetches, agents, verified_fetches, bytes. all: pageviews of both readerships and share. ${WINDOW}`,
      reports: [named(STATS_REPORTS, 'pages')],
      summary: rowsSummary('pages', ['pathname', 'value'], [...RANKED, 'entries', 'exits']),
    }),
    readTool({
      name: 'get_sources',
      description: `Where people came from, as three ranked lists: data.channels (direct, organic_search, paid_search, organic_social, paid_social, email, referral, answer_engine for AI assistants such as ChatGPT or Perplexity, affiliate, display, video), data.sources (referring sites) and data.campaigns (utm_campaign), each row with visitors, pageviews and share (percent of visitors). Channel and source belong to the session's first hit. People only (audience=human). \`limit\` applies to each list, at most ${Math.floor(TOOL_ROW_CEILING / 3)} each. ${WINDOW}`,
      reports: [named(STATS_REPORTS, 'sources')],
      lists: 3,
      summary: (data, r) =>
        rowsSummary('channels', ['value'], RANKED)((data as { channels: Row[] }).channels, r),
    }),
    readTool({
      name: 'get_agent_overview',
      description: `How automated agents (crawlers, AI assistants fetching for a person) read the site: fetches, agents (distinct), verified_share (percent of fetches the operator vouched for: its published addresses, reverse DNS, or a Web Bot Auth signature; the rest may be spoofed), verified_by (that percent per method: ip_range, reverse_dns, web_bot_auth), forged_signatures (fetches whose Web Bot Auth signature failed its checks: never verified), bytes, and the busiest operators and purposes (training, search, user_action, other), each with fetches, bytes and share (percent). With compare: comparison and change (percent). audience=all gives people's pageviews plus agents' HTML fetches instead. ${WINDOW}`,
      reports: [named(AGENT_REPORTS, 'overview')],
      summary: audienceTotals,
    }),
    readTool({
      name: 'get_agent_coverage',
      description: `Per URL that agents fetched in the window: first_crawl and last_crawl (ISO instants), freshness_gap (seconds from the last crawl to the window's end, or to now), fetches, verified_fetches, agents and agent_ids (most fetches first). sort: stalest (default, longest unvisited first), recent, fetches. Narrow to one crawler with filters [{"dimension":"agent_id","op":"is","value":"gptbot"}]. Agents only; compare is not available. ${WINDOW}`,
      reports: [named(AGENT_REPORTS, 'coverage')],
      summary: rowsSummary('URLs crawled', ['pathname'], ['fetches', 'agents', 'freshness_gap']),
    }),
    readTool({
      name: 'get_citation_gap',
      description: `Whether AI assistants send people to the pages their crawlers read. Per URL: fetches (agent fetches), html_fetches, arrivals (people's sessions entering on the URL from an answer engine), ratio (fetches per arrival; absent without arrivals) and verdict: gap (at least ${config.CITATION_GAP_RATIO} fetches per arrival), balanced (fewer), no_arrivals (fetched, never visited from an assistant), not_crawled (visited, never fetched). view=summary gives the site's totals, the number of URLs per verdict, and per operator (openai, anthropic, perplexity…) the crawl-to-refer ratio of its HTML fetches to its assistants' arrivals. sort (rows): ratio (default), fetches, arrivals; verdict narrows the rows to one verdict. Both readerships by definition (audience=all); compare is not available. ${WINDOW}`,
      reports: [citationRows, citationSummary],
      args: CitationView,
      choose: (args) => (args.view === 'summary' ? citationSummary : citationRows),
      summary: (data, r) =>
        Array.isArray(data)
          ? listSummary(
              data as Row[],
              r.q,
              'URLs',
              (row) => `${label(['pathname'], ['fetches', 'arrivals', 'ratio'])(row)} ${String(row.verdict)}`,
            )
          : totalsSummary(data as Row, r.q, [
              'fetches',
              'html_fetches',
              'arrivals',
              'ratio',
              'urls',
              'gap',
              'balanced',
              'no_arrivals',
              'not_crawled',
            ]),
    }),
    readTool({
      name: 'get_policy_violations',
      description: `Fetches of a path the site's robots.txt (the version in force at the time of each fetch) disallowed for that agent: one row per agent, path and verification, with agent_id, operator, purpose, pathname, verified (false: nothing showed the operator made the fetch, the user agent may be spoofed), verified_by (ip_range, reverse_dns, web_bot_auth or null), fetches, first_fetch and last_fetch. Most fetches first. Agents only; compare is not available. ${WINDOW}`,
      reports: [named(POLICY_REPORTS, 'policy/violations')],
      summary: (data, r) =>
        listSummary(data as Row[], r.q, 'disallowed agent and path pairs', (row) =>
          rowPhrase(
            `${String(row.agent_id)} ${String(row.pathname)}${row.verified ? '' : ' (unverified)'}`,
            row,
            ['fetches'],
          ),
        ),
    }),
    readTool({
      name: 'get_content_decay',
      description: `Pages machines still read and people no longer do: pages with at least ${config.DECAY_MIN_PAGEVIEWS} pageviews in the previous window of the same length whose pageviews fell by more than ${config.DECAY_DROP_PERCENT}% while agent fetches held or grew. Each row: pathname, pageviews and pageviews_before, pageviews_change (percent), fetches and fetches_before, fetches_change (percent; absent without fetches before). Ranked by pageviews lost. Always compares with the previous window (compare may be none or previous). ${WINDOW}`,
      reports: contentReports(config),
      summary: rowsSummary('decaying pages', ['pathname'], ['pageviews_change', 'fetches_change', 'fetches']),
    }),
    runQueryTool({ breakdown, overview }),
  ];
}
