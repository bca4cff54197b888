import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'console', 'wearable', 'embedded'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export interface UserAgentInfo {
  browser?: string;
  /** Major version only, e.g. "131". */
  browser_version?: string;
  os?: string;
  /** At most major.minor ("17.5", "10.15", "14"); named versions ("XP", "Vista") as given. */
  os_version?: string;
  device: DeviceType;
}

/** ua-parser-js 1.x device types; it leaves the type empty for desktops. */
const DEVICE_TYPE = {
  mobile: 'mobile',
  tablet: 'tablet',
  smarttv: 'tv',
  console: 'console',
  wearable: 'wearable',
  embedded: 'embedded',
} as const satisfies Record<string, DeviceType>;

/** Names as a dashboard shows them; anything not listed is kept as ua-parser gives it. */
const BROWSER_NAME = {
  Edge: 'Microsoft Edge',
  IE: 'Internet Explorer',
  Yandex: 'Yandex Browser',
  'Samsung Browser': 'Samsung Internet',
  // ua-parser 1.x already says "Chrome"/"Firefox" on Android; these keep 2.x-style names in line.
  'Mobile Chrome': 'Chrome',
  'Mobile Firefox': 'Firefox',
} as const satisfies Record<string, string>;

const OS_NAME = {
  'Mac OS': 'macOS',
  'Chromium OS': 'ChromeOS',
} as const satisfies Record<string, string>;

// ua-parser-js parses only the first 500 characters (after leading blanks), so keying the cache by
// that prefix gives the same answer and bounds the cache at 10k × 500 characters.
const UA_MAX_LENGTH = 500;
const cache = new LRUCache<string, UserAgentInfo>({ max: 10_000 });
const parser = new UAParser();

/**
 * Browser, OS and device class of a user agent. Results are cached and shared: treat them as
 * read-only (they are frozen).
 */
export function parseUserAgent(ua: string): UserAgentInfo {
  const key = ua.length > UA_MAX_LENGTH ? ua.trimStart().slice(0, UA_MAX_LENGTH) : ua;
  const hit = cache.get(key);
  if (hit) return hit;
  const info = Object.freeze(fromResult(parser.setUA(key).getResult()));
  cache.set(key, info);
  return info;
}

function fromResult(r: UAParser.IResult): UserAgentInfo {
  const info: UserAgentInfo = { device: deviceType(r.device.type) };
  const browser = r.browser.name;
  if (browser) info.browser = rename(BROWSER_NAME, browser);
  const browserMajor = majorVersion(r.browser.version);
  if (browser && browserMajor) info.browser_version = browserMajor;
  const os = r.os.name;
  if (os) info.os = rename(OS_NAME, os);
  const osVersion = shortVersion(r.os.version);
  if (os && osVersion) info.os_version = osVersion;
  return info;
}

function deviceType(type: string | undefined): DeviceType {
  return type !== undefined && Object.hasOwn(DEVICE_TYPE, type)
    ? DEVICE_TYPE[type as keyof typeof DEVICE_TYPE]
    : 'desktop';
}

function rename<M extends Record<string, string>>(map: M, name: string): string {
  return Object.hasOwn(map, name) ? map[name]! : name;
}

function majorVersion(version: string | undefined): string | undefined {
  return version?.match(/^\d+/)?.[0];
}

// Patch levels split a dashboard's rows without telling anything useful ("17.5.1" vs "17.5.2").
function shortVersion(version: string | undefined): string | undefined {
  if (!version) return undefined;
  return version.match(/^\d+(?:\.\d+)?/)?.[0] ?? version;
}
