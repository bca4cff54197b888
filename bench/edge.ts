// npm run bench:edge — signed 500-row edge shipments against a bare Fastify route that parses the
// same body, in the same run; then the agent projections' folding rate over the rows left in the
// stream.
import autocannon from 'autocannon';
import { PROJECTIONS } from '../projections/index.js';
import { createMetrics } from '../src/metrics.js';
import { createLogger } from '../src/log.js';
import { connectNats } from '../src/nats/connect.js';
import { ensureStreams } from '../src/nats/ensure-streams.js';
import { Projector } from '../src/projector/projector.js';
import { signEdgeBody } from '../src/sdk/sign.js';
import { hitsStreamName } from '../streams/hits.js';
import {
  BENCH_PARTITIONS,
  openBench,
  resultRow,
  serveBare,
  serveTwofold,
  siteCheckpoints,
} from './harness.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ROWS = 500;

// A crawl mix: verified and spoofed GPTBot, OAI-SearchBot, PerplexityBot from its ranges,
// ClaudeBot, Googlebot, and an agent the catalog does not know.
const AGENTS = [
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
    '20.171.206.',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
    '198.51.100.',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    '20.171.207.',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    '3.211.124.',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    '160.79.104.',
  ],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '66.249.66.'],
  ['NewBot/2.0 (+https://newbot.example/about)', '203.0.113.'],
] as const;

/** One shipment with a `__SEQ__` marker, so each request's body (and signature) is distinct. */
function template(site: number): string {
  const now = Date.now();
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const [ua, net] = AGENTS[i % AGENTS.length]!;
    return {
      timestamp: new Date(now - (ROWS - i) * 100).toISOString(),
      user_agent: ua,
      method: 'GET',
      hostname: 'bench.example',
      pathname: `/docs/page-${(i * 7) % 200}`,
      status: i % 10 === 0 ? 304 : 200,
      bytes: 4096 + i,
      duration_ms: 12,
      content_type: i % 5 === 0 ? 'application/json' : 'text/html; charset=utf-8',
      conditional: i % 10 === 0 ? 1 : 0,
      ip: `${net}${1 + (i % 120)}`,
    };
  });
  return JSON.stringify({ site_id: site, agent_events: rows, events: [] }).replace(
    '"duration_ms":12',
    '"duration_ms":__SEQ__',
  );
}

function load(url: string, body: string, key: string) {
  let seq = 0;
  return autocannon({
    url: `${url}/api/log/edge`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const b = body.replace('__SEQ__', String(seq++));
          const signature = signEdgeBody(b, key, Math.floor(Date.now() / 1000));
          return { ...req, body: b, headers: { ...req.headers, 'x-service-signature': signature } };
        },
      },
    ],
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
}

const rowsPerSecond = (r: autocannon.Result) => Math.round((r['2xx'] * ROWS) / DURATION_S);

async function main() {
  const log = createLogger('warn');
  const bench = await openBench(log);
  const body = template(bench.siteId);
  const env = {
    DATABASE_URL: bench.dbUrl,
    NATS_URL: bench.backends.natsUrl,
    STREAM_PREFIX: bench.prefix,
    EDGE_RATE_LIMIT: '100000000',
  };

  const bare = await serveBare();
  const bareResult = await load(bare.url, body, bench.ingestKey);
  await bare.stop();
  const ours = await serveTwofold(env, 1);
  const ourResult = await load(ours.url, body, bench.ingestKey);
  await ours.stop();

  const nats = await connectNats(bench.backends.natsUrl, 'bench');
  await ensureStreams(nats.jsm, bench.prefix);
  const info = await nats.jsm.streams.info(hitsStreamName(bench.prefix));
  const agent = PROJECTIONS.filter((p) => p.name.startsWith('agent_') || p.name === 'citation_gap');
  const metrics = createMetrics();
  const t0 = performance.now();
  const projector = new Projector({ db: bench.db, nats, prefix: bench.prefix, log, metrics }, agent, {
    partitions: BENCH_PARTITIONS,
  });
  projector.start();
  for (;;) {
    const cp = await siteCheckpoints(bench.db, bench.siteId);
    if (agent.every((p) => cp.get(p.name) === info.state.last_seq)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const foldSeconds = (performance.now() - t0) / 1000;
  await projector.stop();
  const folded = (await bench.db.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_fetches'))
    .rows[0]!.n;

  console.log(
    `\n## Edge logs (${new Date().toISOString().slice(0, 10)}, ${DURATION_S} s per run, ${CONNECTIONS} connections, ${ROWS}-row signed shipments of ${Math.round(body.length / 1024)} KB)\n`,
  );
  console.log('| target | req/s | p50 ms | p99 ms | non-2xx | rows/s |');
  console.log('|---|---|---|---|---|---|');
  console.log(`${resultRow('bare Fastify, JSON.parse, 202', bareResult)} ${rowsPerSecond(bareResult)} |`);
  console.log(`${resultRow('POST /api/log/edge, 1 API process', ourResult)} ${rowsPerSecond(ourResult)} |`);
  console.log(
    `\nratio /api/log/edge ÷ bare: **${(ourResult.requests.average / bareResult.requests.average).toFixed(2)}**`,
  );
  console.log(
    `stream: ${info.state.messages} messages for ${ourResult['2xx']} accepted requests; ${folded} rows folded of ${ourResult['2xx'] * ROWS} accepted`,
  );
  console.log(
    `projectors (${agent.map((p) => p.name).join(' + ')}, concurrently): ${folded} rows in ${foldSeconds.toFixed(2)} s = **${Math.round(folded / foldSeconds)} rows/s** per projection`,
  );
  await nats.nc.close();
  await bench.close();
}

await main();
