import type { CityResponse } from 'maxmind';

/**
 * A record of a City database as operators supply it: MaxMind's own layout (GeoLite2/GeoIP2
 * City), or the flat layout of ip-location-db's repackaged files (`city`, `state1`,
 * `country_code`, with empty strings for unknowns).
 */
export type CityFileRecord = CityResponse | FlatCityRecord;

interface FlatCityRecord {
  country_code?: string;
  state1?: string;
  city?: string;
}

export interface Place {
  country?: string;
  region?: string;
  city?: string;
}

/** Region is `US-CA` when the file has the subdivision's ISO code, else the subdivision's English name. */
export function placeOf(record: CityFileRecord): Place {
  return isFlat(record) ? flatPlace(record) : maxMindPlace(record);
}

function isFlat(record: CityFileRecord): record is FlatCityRecord {
  return 'country_code' in record || typeof record.city === 'string';
}

function maxMindPlace(r: CityResponse): Place {
  const country = text(r.country?.iso_code);
  const sub = r.subdivisions?.[0];
  const subCode = text(sub?.iso_code);
  return place(
    country,
    country && subCode ? `${country}-${subCode}` : text(sub?.names?.en),
    text(r.city?.names?.en),
  );
}

function flatPlace(r: FlatCityRecord): Place {
  return place(text(r.country_code), text(r.state1), text(r.city));
}

function place(country?: string, region?: string, city?: string): Place {
  const p: Place = {};
  if (country) p.country = country;
  if (region) p.region = region;
  if (city) p.city = city;
  return p;
}

// Files hold "" (and MaxMind files sometimes omit names) for unknowns: absent, never empty.
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
