import {
  type BareItem,
  type InnerList,
  isInnerList,
  type Item,
  parseDictionary,
  parseItem,
  serializeInnerList,
  serializeItem,
} from 'structured-headers';

/** The tag the Web Bot Auth profile gives its signatures. */
export const WEB_BOT_AUTH_TAG = 'web-bot-auth';

/** What the request carried, as the edge row sends it. */
export interface SignedRequest {
  /** Lower-case host the request was made to (`@authority`). */
  authority: string;
  method: string;
  path: string;
  signature: string;
  signatureInput: string;
  signatureAgent?: string | undefined;
}

/** The web-bot-auth-tagged signature of a request, ready to check; or why there is none to check. */
export type ParsedSignature =
  | {
      ok: true;
      keyid: string;
      /** Seconds since the epoch. */
      created: number;
      expires: number;
      /** The bytes the signer signed (RFC 9421 §2.5). */
      base: string;
      signature: Buffer;
    }
  | { ok: false; result: 'invalid' | 'unchecked'; reason: string };

const fail = (reason: string) => ({ ok: false, result: 'invalid', reason }) as const;

/**
 * Picks the signature tagged `web-bot-auth` from Signature-Input and Signature, checks its
 * parameters (ed25519, keyid, created, expires), and rebuilds its signature base from the
 * components the row has: `@authority`, `@method`, `@path` and `signature-agent` (plain or by
 * `key`). A signature over anything else cannot be checked here (`unchecked`), not a forgery.
 */
export function parseSignature(r: SignedRequest): ParsedSignature {
  let inputs: Map<string, Item | InnerList>;
  let signatures: Map<string, Item | InnerList>;
  try {
    inputs = parseDictionary(r.signatureInput);
    signatures = parseDictionary(r.signature);
  } catch {
    return fail('malformed');
  }
  const tagged = [...inputs].find(([, v]) => isInnerList(v) && v[1].get('tag') === WEB_BOT_AUTH_TAG);
  if (!tagged) return fail('no_web_bot_auth_tag');
  const [label, member] = tagged as [string, InnerList];
  const [components, params] = member;
  const keyid = params.get('keyid');
  const created = params.get('created');
  const expires = params.get('expires');
  const alg = params.get('alg');
  if (typeof keyid !== 'string' || keyid === '') return fail('no_keyid');
  if (!Number.isInteger(created) || !Number.isInteger(expires)) return fail('no_created_or_expires');
  if (alg !== undefined && alg !== 'ed25519') return fail('not_ed25519');
  const names = components.map(([name]) => name);
  if (!names.includes('@authority')) return fail('authority_not_covered');
  if (r.signatureAgent !== undefined && !names.includes('signature-agent'))
    return fail('signature_agent_not_covered');

  const lines: string[] = [];
  for (const component of components) {
    const value = componentValue(component, r);
    if (value === undefined) return { ok: false, result: 'unchecked', reason: 'component_unavailable' };
    if (value === null) return fail('component_missing');
    const id = serialized(component);
    if (id === undefined) return fail('malformed');
    lines.push(`${id}: ${value}`);
  }
  const signatureParams = serialized(member);
  if (signatureParams === undefined) return fail('malformed');
  lines.push(`"@signature-params": ${signatureParams}`);

  const sig = signatures.get(label);
  if (sig === undefined || isInnerList(sig) || !(sig[0] instanceof ArrayBuffer)) return fail('no_signature');
  return {
    ok: true,
    keyid,
    created: created as number,
    expires: expires as number,
    base: lines.join('\n'),
    signature: Buffer.from(sig[0]),
  };
}

/** An item or inner list as RFC 8941 serializes it; undefined for one it cannot (hostile input). */
function serialized(x: Item | InnerList): string | undefined {
  try {
    return isInnerList(x) ? serializeInnerList(x) : serializeItem(x);
  } catch {
    return undefined;
  }
}

/**
 * A covered component's value: undefined when the row cannot rebuild it, null when the request
 * lacks it (a signature over a header that is not there cannot be valid).
 */
function componentValue([name, params]: Item, r: SignedRequest): string | null | undefined {
  if (typeof name !== 'string') return undefined;
  const only = (...allowed: string[]) => [...params.keys()].every((k) => allowed.includes(k));
  switch (name) {
    case '@authority':
      return only() ? r.authority : undefined;
    case '@method':
      return only() ? r.method : undefined;
    case '@path':
      return only() ? r.path : undefined;
    case 'signature-agent': {
      if (r.signatureAgent === undefined) return null;
      const key = params.get('key');
      if (key === undefined && only()) return r.signatureAgent.trim();
      if (typeof key !== 'string' || !only('key')) return undefined;
      const member = dictionaryMember(r.signatureAgent, key);
      return member === undefined ? null : (serialized(member) ?? null);
    }
    default:
      return undefined;
  }
}

function dictionaryMember(header: string, key: string): Item | undefined {
  try {
    const member = parseDictionary(header).get(key);
    return member !== undefined && !isInnerList(member) ? member : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin the Signature-Agent header names, as its text: an sf-string (`"https://…"`), the
 * member a covered `signature-agent;key=…` picks from a dictionary, or a bare URL (early drafts).
 */
export function signatureAgentValue(header: string, signatureInput: string): string | undefined {
  let key: BareItem | undefined;
  try {
    for (const [, v] of parseDictionary(signatureInput))
      if (isInnerList(v) && v[1].get('tag') === WEB_BOT_AUTH_TAG)
        key = v[0].find(([name]) => name === 'signature-agent')?.[1].get('key');
  } catch {
    key = undefined;
  }
  if (typeof key === 'string') {
    const member = dictionaryMember(header, key)?.[0];
    return typeof member === 'string' ? member : undefined;
  }
  try {
    const [item] = parseItem(header);
    if (typeof item === 'string') return item;
  } catch {
    // not a structured value: a bare URL, as early drafts sent it
  }
  return header.trim();
}
