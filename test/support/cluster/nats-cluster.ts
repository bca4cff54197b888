import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findNatsServer } from '../../../src/embedded/nats-binary.js';
import { NATS_MAX_PAYLOAD } from '../../../src/embedded/nats.js';
import { freePort } from '../../../src/embedded/ports.js';
import { sleep, waitFor } from './wait.js';

/** One nats-server of the cluster: kill -9 it, start it again on the same ports and store. */
export interface NatsNode {
  name: string;
  url: string;
  running(): boolean;
  /** The server's process id while it runs. */
  pid(): number | undefined;
  kill(): Promise<void>;
  start(): Promise<void>;
  /** The last lines it wrote. */
  tail(): string[];
}

export interface NatsCluster {
  nodes: NatsNode[];
  /** Every node's client URL, comma separated: what NATS_URL is given. */
  url: string;
  /** Waits until every node answers /healthz with JetStream current (a returned node has caught up). */
  healthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

interface Ports {
  client: number;
  cluster: number;
  http: number;
}

async function distinctPorts(count: number): Promise<number[]> {
  const out = new Set<number>();
  while (out.size < count) out.add(await freePort());
  return [...out];
}

/**
 * `size` nats-server processes with routes to each other and JetStream, on loopback ports, each
 * with a store folder of its own under `dir` (kept across a node's restarts).
 */
export async function startNatsCluster(dir: string, size = 3): Promise<NatsCluster> {
  const bin = await findNatsServer();
  const flat = await distinctPorts(size * 3);
  const ports: Ports[] = Array.from({ length: size }, (_, i) => ({
    client: flat[i * 3]!,
    cluster: flat[i * 3 + 1]!,
    http: flat[i * 3 + 2]!,
  }));
  const routes = ports.map((p) => `nats-route://127.0.0.1:${p.cluster}`);
  const nodes = await Promise.all(
    ports.map(async (p, i) => {
      const name = `n${i + 1}`;
      const home = join(dir, name);
      await mkdir(join(home, 'store'), { recursive: true });
      const config = join(home, 'nats-server.conf');
      await writeFile(
        config,
        [
          `server_name: ${name}`,
          `listen: 127.0.0.1:${p.client}`,
          `http: 127.0.0.1:${p.http}`,
          NATS_MAX_PAYLOAD,
          `jetstream {\n  store_dir: ${JSON.stringify(join(home, 'store'))}\n}`,
          `cluster {\n  name: drill\n  listen: 127.0.0.1:${p.cluster}\n  routes: [${routes
            .filter((_, k) => k !== i)
            .join(', ')}]\n}`,
          '',
        ].join('\n'),
      );
      return natsNode(bin, name, config, p);
    }),
  );
  const cluster: NatsCluster = {
    nodes,
    url: nodes.map((n) => n.url).join(','),
    async healthy(timeoutMs = 60_000) {
      await waitFor(
        'every NATS node healthy',
        async () => {
          const ok = await Promise.all(ports.map((p) => jetStreamHealthy(p.http)));
          return ok.every(Boolean) ? true : undefined;
        },
        timeoutMs,
      );
    },
    async stop() {
      await Promise.all(nodes.map((n) => n.kill()));
    },
  };
  await Promise.all(nodes.map((n) => n.start()));
  await cluster.healthy();
  return cluster;
}

/** /healthz?js-enabled-only is not enough: a returned node answers 200 once its streams are current. */
async function jetStreamHealthy(httpPort: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${httpPort}/healthz`, { signal: AbortSignal.timeout(1_000) })
    .then((res) => res.ok)
    .catch(() => false);
}

function natsNode(bin: string, name: string, config: string, ports: Ports): NatsNode {
  let child: ChildProcess | undefined;
  const lines: string[] = [];
  const orphan = () => child?.kill('SIGKILL');
  return {
    name,
    url: `nats://127.0.0.1:${ports.client}`,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    pid: () =>
      child !== undefined && child.exitCode === null && child.signalCode === null ? child.pid : undefined,
    tail: () => [...lines],
    async kill() {
      const c = child;
      if (c === undefined || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
      process.off('exit', orphan);
    },
    async start() {
      const c = spawn(bin, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      process.once('exit', orphan);
      for (const s of [c.stdout, c.stderr]) {
        s?.setEncoding('utf8');
        s?.on('data', (chunk: string) => {
          lines.push(...chunk.trimEnd().split('\n'));
          if (lines.length > 200) lines.splice(0, lines.length - 200);
        });
      }
      // Up once its client port answers; JetStream's health is the cluster's to wait for.
      await waitFor(
        `nats-server ${name} listening`,
        async () => {
          if (c.exitCode !== null) throw new Error(`nats-server ${name} exited:\n${lines.join('\n')}`);
          const res = await fetch(`http://127.0.0.1:${ports.http}/varz`).catch(() => undefined);
          return res?.ok ? true : undefined;
        },
        30_000,
      );
      await sleep(0);
    },
  };
}
