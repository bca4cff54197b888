import { type GeoLookup, openGeo } from './geo.js';

let opened: Promise<GeoLookup> | undefined;

/** One geo lookup per process, whatever number of apps (tests build many) share it. */
export function openGeoOnce(cityDbPaths: string[] = []): Promise<GeoLookup> {
  opened ??= openGeo({ cityDbPaths });
  return opened;
}

export function cityDbPaths(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}
