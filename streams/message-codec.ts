import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How a stream message's bytes hold its JSON body (`{"v":1,"events":[…]}`), told by its first byte.
 * A JSON body starts with `{`; a deflated one with a format byte naming its dictionary. Every format
 * ever written stays readable: the stream keeps messages forever and replays read them all.
 */
const JSON_FIRST_BYTE = 0x7b;
const DEFLATE_DICTIONARY_1 = 0x01;

/**
 * The preset dictionary of format 1: the keys and common values of the events (streams/events.ts),
 * most frequent last, where deflate finds them at the shortest distance. A lone hit has nothing
 * earlier in its message to repeat, so without a dictionary its keys would cost it as much as
 * they do uncompressed. Never change it: messages written with it are read with it. A better one is
 * a new format byte beside it.
 */
const DICTIONARY_1 = Buffer.from(
  [
    '{"type":"FetchRecorded","id":"","site":1,"ts":17,"user_agent":"Mozilla/5.0 (compatible; ',
    'Googlebot/2.1; +http://www.google.com/bot.html)","method":"GET","status":200,"bytes":',
    ',"duration_ms":,"content_type":"text/html; charset=utf-8","conditional":0,"address":"',
    '","asn":,"ranges":[{"family":"ipv4","operator":"","cidr":""}]}',
    '"name":"","props":{"url":"https://","plan":"pro"},"identity":"","sdk":"',
    '","revenue":{"amount":,"currency":"EUR"},"status":200,"duration_ms":,"source":"pixel","source":"edge",',
    '"region":"","city":"","asn":,"lang":"en-US","d":,"sc":100,"kind":"custom","kind":"outbound",',
    '"kind":"file_download","kind":"form","kind":"error","kind":"engagement",',
    '"referrer":"https://www.google.com/","query":"utm_source=&utm_medium=&utm_campaign=",',
    '"os":"Android","os":"iOS","os":"Linux","os":"macOS","browser":"Firefox","browser":"Safari",',
    '"browser":"Edge","device":"mobile","device":"tablet","screen":"mobile","screen":"tablet","screen":"laptop",',
    '"vitals":{"ttfb":,"fcp":,"lcp":,"inp":,"cls":0.},"kind":"web_vitals",',
    '{"v":1,"events":[{"type":"HitRecorded","id":"","site":1,"ts":17,"kind":"pageview","source":"tracker",',
    '"hostname":"","pathname":"/","visitor":"","browser":"Chrome","browser_version":"1","os":"Windows",',
    '"os_version":"10","device":"desktop","screen":"desktop","country":"US"},',
  ].join(''),
);

/**
 * Level 1 deflate: on messages of 40 hits it costs about two thirds of level 6's CPU for 10 % more
 * bytes, and the ingest thread pays it on every message (docs/benchmarks.md#storage).
 */
const OPTIONS = { level: 1, dictionary: DICTIONARY_1 };

/**
 * The most a message may inflate to: four times the largest body ingest writes (an edge shipment
 * of 2 MB is one message of about 4 MB once enriched). A larger one was not written by ingest, and
 * inflating it unbounded would let one message take a projector's memory.
 */
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/** A message body as the stream stores it: deflated with dictionary 1, after its format byte. */
export function encodeMessage(body: string): Uint8Array {
  const deflated = deflateRawSync(body, OPTIONS);
  const out = new Uint8Array(deflated.length + 1);
  out[0] = DEFLATE_DICTIONARY_1;
  out.set(deflated, 1);
  return out;
}

/** The JSON text of a stored message of any format; null for bytes of no format this version knows. */
export function messageText(data: Uint8Array | string): string | null {
  if (typeof data === 'string') return data;
  if (data.length === 0) return null;
  if (data[0] === JSON_FIRST_BYTE) return Buffer.from(data.buffer, data.byteOffset, data.length).toString();
  if (data[0] !== DEFLATE_DICTIONARY_1) return null;
  try {
    return inflateRawSync(data.subarray(1), {
      dictionary: DICTIONARY_1,
      finishFlush: constants.Z_FINISH,
      maxOutputLength: MAX_INFLATED_BYTES,
    }).toString();
  } catch {
    return null;
  }
}
