import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/system-packages.sh', import.meta.url));

// apt-get records its arguments and "installs" a package by creating its executable, unless told
// to fail; `id -u` answers as told. PATH holds only these, so the machine's own binaries are unseen.
const APT_GET = `#!/bin/sh
echo "$*" >> "$ROOT/apt.log"
[ "$1" = install ] || exit 0
[ -z "\${APT_FAILS:-}" ] || exit 100
shift 2
for package; do
  case $package in
    nats-server) file="$ROOT/usr/sbin/nats-server" ;;
    chromium) file="$ROOT/usr/bin/chromium" ;;
    postgresql) /bin/mkdir -p "$ROOT/usr/lib/postgresql/15/bin"; file="$ROOT/usr/lib/postgresql/15/bin/pg_ctl" ;;
  esac
  printf '#!/bin/sh\\n' > "$file"
  /bin/chmod +x "$file"
done
`;

interface Machine {
  uid?: number;
  apt?: boolean;
  installed?: Array<'nats-server' | 'chromium' | 'postgresql'>;
  aptFails?: boolean;
  natsUrl?: string;
}

/** Where each package's executable is, under the scratch root. */
const PLACES = {
  'nats-server': 'usr/sbin/nats-server',
  chromium: 'usr/bin/chromium',
  postgresql: 'usr/lib/postgresql/15/bin/pg_ctl',
} as const;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function executable(path: string, text: string): void {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

function run(mode: string, machine: Machine = {}) {
  const root = mkdtempSync(join(tmpdir(), 'twofold-syspkg-'));
  roots.push(root);
  for (const dir of ['bin', 'usr/bin', 'usr/sbin']) mkdirSync(join(root, dir), { recursive: true });
  executable(join(root, 'bin/id'), `#!/bin/sh\necho ${machine.uid ?? 0}\n`);
  if (machine.apt ?? true) executable(join(root, 'bin/apt-get'), APT_GET);
  mkdirSync(join(root, 'usr/lib/postgresql/15/bin'), { recursive: true });
  for (const pkg of machine.installed ?? []) executable(join(root, PLACES[pkg]), '#!/bin/sh\n');
  const env: Record<string, string> = { PATH: join(root, 'bin'), SYSTEM_PACKAGES_ROOT: root, ROOT: root };
  if (machine.aptFails) env.APT_FAILS = '1';
  if (machine.natsUrl) env.NATS_URL = machine.natsUrl;
  const r = spawnSync('/bin/sh', [SCRIPT, mode], { env, encoding: 'utf8' });
  const log = join(root, 'apt.log');
  return {
    status: r.status,
    stderr: r.stderr,
    stdout: r.stdout,
    apt: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [],
    has: (path: string) => existsSync(join(root, path)),
  };
}

describe('scripts/system-packages.sh', () => {
  it('does nothing and says nothing when everything is there', () => {
    const r = run('test', { installed: ['nats-server', 'chromium', 'postgresql'] });
    expect(r).toMatchObject({ status: 0, stdout: '', stderr: '', apt: [] });
  });

  it('installs what is missing with apt-get as root, then passes', () => {
    const r = run('test', { installed: ['nats-server', 'postgresql'] });
    expect([r.status, r.apt]).toEqual([0, ['update', 'install -y chromium']]);
    expect(r.stderr.split('\n')[0]).toBe('twofold needs chromium: installing with apt-get');
    expect(r.has('usr/bin/chromium')).toBe(true);
  });

  it('needs only nats-server to serve, and nothing when NATS_URL names a server', () => {
    const serve = run('serve');
    expect([serve.status, serve.apt]).toEqual([0, ['update', 'install -y nats-server']]);
    expect(serve.has('usr/bin/chromium')).toBe(false);
    const external = run('serve', { natsUrl: 'nats://127.0.0.1:4222' });
    expect([external.status, external.stderr, external.apt]).toEqual([0, '', []]);
  });

  it('installs PostgreSQL for the fault drills when its server binaries are missing', () => {
    const drill = run('drill', { installed: ['nats-server'] });
    expect([drill.status, drill.apt]).toEqual([0, ['update', 'install -y postgresql']]);
    expect(drill.has(PLACES.postgresql)).toBe(true);
    expect(drill.has(PLACES.chromium)).toBe(false);
    const test = run('test', { installed: ['nats-server', 'chromium'] });
    expect([test.status, test.apt]).toEqual([0, ['update', 'install -y postgresql']]);
  });

  it('stops with one line naming the command when not root', () => {
    const r = run('test', { uid: 1000 });
    expect([r.status, r.apt]).toEqual([1, []]);
    expect(r.stderr).toBe(
      'twofold needs nats-server chromium postgresql: run "sudo apt-get install -y nats-server chromium postgresql"\n',
    );
    expect(run('serve', { uid: 1000 }).stderr).toBe(
      'twofold needs nats-server: run "sudo apt-get install -y nats-server" ' +
        '(or set NATS_URL to a NATS server with JetStream)\n',
    );
  });

  it('stops with one line naming what to install where there is no apt-get', () => {
    const r = run('test', { apt: false, installed: ['nats-server', 'postgresql'] });
    expect([r.status, r.stderr]).toEqual([
      1,
      'twofold needs Chromium at /usr/bin/chromium: install it yourself, there is no apt-get here\n',
    ]);
    expect(run('serve', { apt: false, uid: 1000 }).stderr).toBe(
      'twofold needs nats-server on PATH (https://github.com/nats-io/nats-server/releases): install it ' +
        'yourself, there is no apt-get here (or set NATS_URL to a NATS server with JetStream)\n',
    );
    expect(run('test', { apt: false }).stderr).toBe(
      'twofold needs nats-server on PATH (https://github.com/nats-io/nats-server/releases), Chromium at ' +
        "/usr/bin/chromium, PostgreSQL's server binaries in /usr/lib/postgresql/<version>/bin (Debian's " +
        'postgresql package): install them yourself, there is no apt-get here\n',
    );
  });

  it('stops with one line when apt-get fails', () => {
    const r = run('test', { aptFails: true, installed: ['chromium', 'postgresql'] });
    expect([r.status, r.apt]).toEqual([1, ['update', 'install -y nats-server']]);
    expect(r.stderr.trim().split('\n').at(-1)).toBe(
      'twofold needs nats-server, which apt-get did not install: ' +
        'run "apt-get install -y nats-server" and read its errors',
    );
  });

  it('refuses an unknown mode', () => {
    expect(run('deploy')).toMatchObject({
      status: 2,
      stderr: 'usage: scripts/system-packages.sh serve|test|drill\n',
    });
  });
});
