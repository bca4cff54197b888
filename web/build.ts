import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { WEB_OUTPUT } from '../src/http/dashboard.js';

const WEB_ROOT = fileURLToPath(new URL('./', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Beside the output, not in it, so the static server never serves it. */
const STAMP = join(WEB_OUTPUT, '..', 'web.stamp.json');
/** Held while a build checks and writes the output: test files that want the build run at once. */
const LOCK = join(WEB_OUTPUT, '..', 'web.build.lock');
/** A lock older than this was left by a process that died mid-build. */
const STALE_LOCK_MS = 180_000;
/** The packages whose code lands in the bundle or makes it. */
const BUNDLED = ['preact', 'uplot', 'chart.js', 'chartjs-chart-sankey', 'vite', '@preact/preset-vite'];

export interface WebBuild {
  /** A digest of every input: sources and the bundled packages' versions. */
  inputs: string;
  files: number;
  /** All JavaScript and CSS of the app, at gzip level 9 (what the static server sends). */
  gzipBytes: number;
  bytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

async function inputsDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...(await filesUnder(join(WEB_ROOT, 'src'))), join(WEB_ROOT, 'index.html')]) {
    hash
      .update(relative(WEB_ROOT, file))
      .update('\0')
      .update(await readFile(file));
  }
  for (const name of BUNDLED) {
    const pkg = await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8');
    hash.update(`${name}@${(JSON.parse(pkg) as { version: string }).version}\0`);
  }
  hash.update(await readFile(fileURLToPath(import.meta.url)));
  return hash.digest('hex');
}

async function readStamp(): Promise<WebBuild | null> {
  try {
    return JSON.parse(await readFile(STAMP, 'utf8')) as WebBuild;
  } catch {
    return null;
  }
}

/** Gzips every asset beside itself (served as is by @fastify/static's preCompressed) and sums the sizes. */
async function compressAssets(): Promise<Pick<WebBuild, 'files' | 'gzipBytes' | 'bytes'>> {
  let files = 0;
  let gzipBytes = 0;
  let bytes = 0;
  for (const file of await filesUnder(join(WEB_OUTPUT, 'assets'))) {
    if (!/\.(js|css)$/.test(file)) continue;
    const plain = await readFile(file);
    const gz = gzipSync(plain, { level: 9 });
    await writeFile(`${file}.gz`, gz);
    files += 1;
    bytes += plain.length;
    gzipBytes += gz.length;
  }
  return { files, gzipBytes, bytes };
}

/** Builds web/ with Vite into dist/web (a few seconds; Vite is loaded only when a build is needed). */
export async function buildWeb(): Promise<WebBuild> {
  const inputs = await inputsDigest();
  const [{ build }, { default: preact }] = await Promise.all([import('vite'), import('@preact/preset-vite')]);
  // Vite takes production-ness from NODE_ENV, which a test runner sets to `test`: that would ship
  // Preact's development JSX runtime. The bundle is always the production one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB_ROOT,
      configFile: false,
      logLevel: 'warn',
      plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false, reactAliasesEnabled: false })],
      build: { outDir: WEB_OUTPUT, emptyOutDir: true, target: 'es2022', sourcemap: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const built = { inputs, ...(await compressAssets()) };
  await writeFile(STAMP, `${JSON.stringify(built, null, 2)}\n`);
  return built;
}

/** Runs `fn` holding the build lock (a directory: mkdir is atomic), so one process builds at a time. */
async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  await mkdir(join(LOCK, '..'), { recursive: true });
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const since = await stat(LOCK).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}

/**
 * The last build when it was made from the current inputs, else a new one; test files that ask at
 * once wait for one build rather than emptying the output under each other.
 */
export function buildWebIfStale(): Promise<{ build: WebBuild; fresh: boolean }> {
  return withBuildLock(async () => {
    const stamp = await readStamp();
    if (stamp && stamp.inputs === (await inputsDigest())) return { build: stamp, fresh: false };
    return { build: await buildWeb(), fresh: true };
  });
}

async function main(ifStale: boolean): Promise<void> {
  const { build, fresh } = ifStale ? await buildWebIfStale() : { build: await buildWeb(), fresh: true };
  const what = fresh ? 'built' : 'up to date';
  console.log(
    `${relative(process.cwd(), WEB_OUTPUT)}: ${what}, ${build.files} JS/CSS files, ${build.bytes} bytes, ${build.gzipBytes} bytes gzipped`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ifStale = process.argv.includes('--if-stale');
  await main(ifStale).catch((err: unknown) => {
    const reason = err instanceof Error ? err.message : String(err);
    // Before `npm start` (--if-stale) the API matters more than the dashboard: it starts anyway
    // (answering 503 on the dashboard's paths), e.g. where the install folder is read-only.
    console.error(`twofold: the dashboard could not be built: ${reason}`);
    if (!ifStale) process.exit(1);
  });
}
