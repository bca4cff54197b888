import { createRequire } from 'node:module';
import { open, type Reader, type Response } from 'maxmind';
import { shippedAsnTable } from './asn-table.js';
import { placeOf, type CityFileRecord } from './city-record.js';
import { parseAddress, type ParsedAddress } from './ip-address.js';
import { isSpecialPurpose } from './reserved.js';

export interface GeoInfo {
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** `US-CA` (country and subdivision ISO codes) or the subdivision's English name. */
  region?: string;
  /** English name. */
  city?: string;
  asn?: number;
  as_org?: string;
}

export interface GeoLookup {
  /**
   * The address's country, network and place. With `digest` (the address's keyed digest,
   * src/ratelimit/address.ts) the answer is remembered by it, never by the address: a visitor's
   * hits of a few minutes come from one address, and the lookups were the ingest pipeline's
   * largest step.
   */
  lookup(ip: string, digest?: Buffer): GeoInfo;
}

/** Answers remembered (shared objects: callers only read them); past it, all are forgotten. */
const REMEMBERED = 100_000;

export interface GeoOptions {
  /**
   * Operator-supplied MaxMind-format City databases (GeoLite2/GeoIP2 City, or files split into
   * IPv4 and IPv6 parts). Without one, `region` and `city` are never set: no city data ships.
   * With one, the country of an address it knows comes from it too.
   */
  cityDbPaths?: string[];
}

/** The record layout of ip-location-db's country file. */
interface WhoisCountryRecord {
  country_code?: string;
}

type MmdbReader = Reader<Response>;

/**
 * Country (ip-location-db's geo-whois-asn-country file, CC0), ASN and organisation (the
 * `@ip-location-db/asn` ranges) and, when the operator supplies City files, region and city.
 * Loading takes about a second (mostly the ASN ranges); lookups are synchronous.
 */
export async function openGeo(opts: GeoOptions = {}): Promise<GeoLookup> {
  const require = createRequire(import.meta.url);
  const countryPath =
    require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
  const [countries, asns, cities] = await Promise.all([
    open<Response>(countryPath),
    shippedAsnTable(),
    Promise.all((opts.cityDbPaths ?? []).map((path) => open<Response>(path))),
  ]);
  const byFamily = cityReadersByFamily(cities);
  const find = (ip: string): GeoInfo => {
    const addr = parseAddress(ip);
    if (!addr || isSpecialPurpose(addr)) return {};
    const info: GeoInfo = {};
    const country = (countries.get(addr.text) as WhoisCountryRecord | null)?.country_code;
    if (country) info.country = country;
    const asn = asns.lookup(addr);
    if (asn) Object.assign(info, asn);
    putPlace(info, byFamily[addr.family], addr);
    return info;
  };
  const remembered = new Map<string, GeoInfo>();

  return {
    lookup(ip, digest) {
      if (!digest?.length) return find(ip);
      const key = digest.toString('latin1');
      let info = remembered.get(key);
      if (info === undefined) {
        info = find(ip);
        if (remembered.size >= REMEMBERED) remembered.clear();
        remembered.set(key, info);
      }
      return info;
    },
  };
}

/**
 * A file whose metadata says IPv4 answers IPv6 queries with unrelated v4 data (2606:4700:4700::1111
 * came back as Los Angeles), so IPv6 addresses go only to IPv6 files. IPv4 addresses try IPv4
 * files first, then IPv6 ones, which usually hold IPv4 too (MaxMind's own files do).
 */
function cityReadersByFamily(readers: MmdbReader[]): Record<4 | 6, MmdbReader[]> {
  const v4Only = readers.filter((r) => r.metadata.ipVersion === 4);
  const v6 = readers.filter((r) => r.metadata.ipVersion === 6);
  return { 4: [...v4Only, ...v6], 6: v6 };
}

/**
 * The first file that knows the address gives region and city, and its country replaces the
 * country file's: that one is the registrant's country (Google's Frankfurt range says IE, the
 * City file DE, for about 2% of IPv4 addresses they differ), and a city must not be shown under
 * another country.
 */
function putPlace(info: GeoInfo, readers: MmdbReader[], addr: ParsedAddress): void {
  for (const reader of readers) {
    const record = reader.get(addr.text) as CityFileRecord | null;
    if (!record) continue;
    const place = placeOf(record);
    if (place.country) info.country = place.country;
    if (place.region) info.region = place.region;
    if (place.city) info.city = place.city;
    return;
  }
}
