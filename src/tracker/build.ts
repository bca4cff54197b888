import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const SOURCE = fileURLToPath(new URL('./script.ts', import.meta.url));
const PACKAGE_JSON = new URL('../../package.json', import.meta.url);
const OUTPUT = fileURLToPath(new URL('../../dist/tracker/script.js', import.meta.url));

export interface BuiltTracker {
  code: string;
  bytes: number;
  /** At gzip level 9, as the route serves it. */
  gzipBytes: number;
}

export function gzipTracker(code: string): Buffer {
  return gzipSync(code, { level: 9 });
}

/** Bundles and minifies the browser tracker into one IIFE (esbuild takes a few tens of ms). */
export async function buildTracker(): Promise<BuiltTracker> {
  const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
  const result = await build({
    entryPoints: [SOURCE],
    bundle: true,
    minify: true,
    target: 'es2019',
    format: 'iife',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    // Not src/tracker/tsconfig.json: its `strict` would add a "use strict" prologue for nothing.
    tsconfigRaw: {},
    define: { __VERSION__: JSON.stringify(`js-${version}`) },
  });
  const code = result.outputFiles[0]!.text;
  return { code, bytes: Buffer.byteLength(code), gzipBytes: gzipTracker(code).length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { code, bytes, gzipBytes } = await buildTracker();
  await mkdir(dirname(OUTPUT), { recursive: true });
  await writeFile(OUTPUT, code);
  console.log(`${relative(process.cwd(), OUTPUT)}: ${bytes} bytes, ${gzipBytes} bytes gzipped`);
}
