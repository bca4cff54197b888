import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import type { ParsedAddress } from './ip-address.js';
import { type RangeTable, RangeTableBuilder } from './range-table.js';

export interface AsnInfo {
  asn: number;
  as_org?: string;
}

export interface AsnTable {
  lookup(addr: ParsedAddress): AsnInfo | undefined;
  readonly stats: { v4Ranges: number; v6Ranges: number; asns: number; overlapsClipped: number };
}

export interface AsnCsvPaths {
  /** `start,end,asn,org` with numeric addresses (`asn-ipv4-num.csv`). */
  v4: string;
  /** The same for IPv6, addresses as 128-bit decimals (`asn-ipv6-num.csv`). */
  v6: string;
}

export function defaultAsnCsvPaths(): AsnCsvPaths {
  const require = createRequire(import.meta.url);
  return {
    v4: require.resolve('@ip-location-db/asn/asn-ipv4-num.csv'),
    v6: require.resolve('@ip-location-db/asn/asn-ipv6-num.csv'),
  };
}

/**
 * Address → autonomous system, from the `@ip-location-db/asn` range CSVs (RouteViews, NRO and
 * DB-IP data, CC BY 4.0: attribution required). About 412k IPv4 and 103k IPv6 ranges go into
 * typed-array range tables; organisation names are kept once per ASN (each ASN has one name in
 * the data). The files are streamed line by line, so loading (~0.8 s) yields to the event loop
 * between 64 KB chunks.
 */
export async function loadAsnTable(paths: AsnCsvPaths = defaultAsnCsvPaths()): Promise<AsnTable> {
  const orgs = new Map<number, string>();
  const [v4, v6] = await Promise.all([
    loadRanges(paths.v4, 1, (n) => [Number(n)], orgs),
    loadRanges(paths.v6, 4, decimalToWords, orgs),
  ]);
  return {
    lookup(addr) {
      const asn = (addr.family === 4 ? v4 : v6).find(addr.words);
      if (asn === undefined) return undefined;
      const org = orgs.get(asn);
      return org ? { asn, as_org: org } : { asn };
    },
    stats: {
      v4Ranges: v4.size,
      v6Ranges: v6.size,
      asns: orgs.size,
      overlapsClipped: v4.overlapsClipped + v6.overlapsClipped,
    },
  };
}

let shipped: Promise<AsnTable> | undefined;

/** The table of the shipped CSVs, loaded once per process however many lookups open it. */
export function shippedAsnTable(): Promise<AsnTable> {
  shipped ??= loadAsnTable().catch((err: unknown) => {
    shipped = undefined;
    throw err;
  });
  return shipped;
}

async function loadRanges(
  path: string,
  width: number,
  toWords: (decimal: string) => number[],
  orgs: Map<number, string>,
): Promise<RangeTable> {
  const table = new RangeTableBuilder(width);
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    const c1 = line.indexOf(',');
    const c2 = line.indexOf(',', c1 + 1);
    const c3 = line.indexOf(',', c2 + 1);
    if (c1 < 0 || c2 < 0 || c3 < 0) continue;
    const asn = Number(line.slice(c2 + 1, c3));
    if (!orgs.has(asn)) {
      const org = unquote(line.slice(c3 + 1));
      if (org) orgs.set(asn, org);
    }
    try {
      table.add(toWords(line.slice(0, c1)), toWords(line.slice(c1 + 1, c2)), asn);
    } catch (err) {
      throw new Error(`${path}:${lineNo}: ${(err as Error).message}`);
    }
  }
  return table.build();
}

/**
 * The organisation column is quoted (with `""` escapes) when it holds a comma or a quote. The
 * result is copied out: a slice of a line would keep readline's whole 64 KB chunk alive.
 */
function unquote(field: string): string {
  const org = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
  return Buffer.from(org, 'utf8').toString('utf8');
}

function decimalToWords(decimal: string): number[] {
  const n = BigInt(decimal);
  return [96n, 64n, 32n, 0n].map((shift) => Number((n >> shift) & 0xffff_ffffn));
}
