import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NATS_MAX_PAYLOAD } from '../../src/embedded/nats.js';
import { CLUSTER_SETTINGS } from '../support/cluster/drill-cluster.js';

/*
 * docker-compose.yml cannot be run on the development machines (no Docker engine): this reads it
 * as Compose does (YAML with merge keys) and holds its profiles to the settings the drills run
 * with, so the file and the tested cluster cannot drift apart.
 */
interface Service {
  profiles?: string[];
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
}
const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const inProfile = (profile: string) =>
  Object.entries(services)
    .filter(([, s]) => s.profiles === undefined || s.profiles.includes(profile))
    .map(([name]) => name)
    .sort();
const role = (name: string) => services[name]!.environment?.TWOFOLD_ROLE;
const flag = (s: Service, name: string) => s.command![s.command!.indexOf(name) + 1];

describe('docker-compose.yml', () => {
  it('starts Postgres with one NATS, one API and one projector in the single profile', () => {
    expect(inProfile('single')).toEqual(['api', 'nats', 'postgres', 'projector']);
  });

  it('starts three NATS servers, two API and two projector services in the cluster profile', () => {
    const names = inProfile('cluster');
    expect(names).toEqual([
      'api-1',
      'api-2',
      'nats-1',
      'nats-2',
      'nats-3',
      'postgres',
      'projector-1',
      'projector-2',
    ]);
    expect(names.filter((n) => role(n) === 'api')).toHaveLength(2);
    expect(names.filter((n) => role(n) === 'projector')).toHaveLength(2);
  });

  it('routes each cluster node to the other two under one cluster name, each with its own store', () => {
    const nodes = ['nats-1', 'nats-2', 'nats-3'];
    for (const n of nodes) {
      const s = services[n]!;
      const others = nodes.filter((o) => o !== n).map((o) => `nats://${o}:6222`);
      expect(flag(s, '--routes')!.split(',').sort()).toEqual(others);
      expect(flag(s, '--cluster_name')).toBe('twofold');
      expect(flag(s, '--cluster')).toBe('nats://0.0.0.0:6222');
      expect(s.volumes).toContain(`${n}-data:/data`);
      expect(compose.volumes).toHaveProperty(`${n}-data`);
    }
    expect(new Set(nodes.map((n) => flag(services[n]!, '--server_name'))).size).toBe(3);
  });

  it("gives every cluster process the drills' settings and all three servers, after they are healthy", () => {
    for (const n of ['api-1', 'api-2', 'projector-1', 'projector-2']) {
      const s = services[n]!;
      for (const [key, value] of Object.entries(CLUSTER_SETTINGS))
        expect(String(s.environment![key])).toBe(value);
      expect(s.environment!.NATS_URL).toBe('nats://nats-1:4222,nats://nats-2:4222,nats://nats-3:4222');
      expect(Object.keys(s.depends_on!).sort()).toEqual(['nats-1', 'nats-2', 'nats-3', 'postgres']);
    }
  });

  it("runs every NATS server with the embedded server's message size, from deploy/nats.conf", () => {
    const conf = readFileSync('deploy/nats.conf', 'utf8');
    expect(conf.split('\n')).toContain(NATS_MAX_PAYLOAD);
    for (const n of ['nats', 'nats-1', 'nats-2', 'nats-3']) {
      expect(services[n]!.command!.slice(0, 3)).toEqual(['nats-server', '-c', '/etc/nats/twofold.conf']);
      expect(services[n]!.volumes).toContain('./deploy/nats.conf:/etc/nats/twofold.conf:ro');
    }
  });
});
