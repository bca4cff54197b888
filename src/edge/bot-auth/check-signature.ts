import { verify } from 'node:crypto';
import { KEY_DIRECTORY_PATH, type SignatureAgents } from '../../catalog/signature-agents.js';
import { signatureAgentOrigin } from '../../catalog/signature-agent-origin.js';
import type { FetchSignature } from '../../../streams/events.js';
import type { KeyDirectories } from './key-directory.js';
import { parseSignature, type SignedRequest, signatureAgentValue } from './signature-input.js';

/**
 * How far a signature's `created` may lie after the fetch, and its `expires` before it, in
 * seconds: the clocks of the agent and of the edge that timed the fetch differ a little.
 */
export const CLOCK_SKEW_S = 60;

export interface SignatureChecker {
  /** The claim's verdict for a fetch made at `ts` (epoch ms). */
  check(request: SignedRequest, ts: number): Promise<FetchSignature>;
}

/**
 * Web Bot Auth at ingest: the request's web-bot-auth signature, checked at the fetch's own time
 * against a key of the directory of the origin its Signature-Agent names. Only origins of the
 * shipped list or of AGENT_KEY_DIRECTORY_URLS are judged (a row never makes the server fetch a
 * URL of its choosing); any other origin, no Signature-Agent, an unreadable directory, or a
 * component the row cannot rebuild leaves the claim `unchecked`. A claim on a known origin that
 * fails any check is `invalid`.
 */
export function signatureChecker(
  known: SignatureAgents,
  overrides: ReadonlyMap<string, string>,
  directories: Pick<KeyDirectories, 'keys'>,
): SignatureChecker {
  const directoryOf = (origin: string) =>
    overrides.get(origin) ?? (known.byOrigin(origin) ? `${origin}${KEY_DIRECTORY_PATH}` : undefined);
  return {
    async check(request, ts) {
      const named =
        request.signatureAgent === undefined
          ? undefined
          : signatureAgentValue(request.signatureAgent, request.signatureInput);
      const agent = named === undefined ? null : (signatureAgentOrigin(named) ?? null);
      const verdict = (result: FetchSignature['result'], reason?: string): FetchSignature => ({
        agent,
        result,
        ...(reason ? { reason } : {}),
      });
      if (agent === null)
        return verdict('unchecked', named === undefined ? 'no_signature_agent' : 'bad_signature_agent');
      const url = directoryOf(agent);
      if (url === undefined) return verdict('unchecked', 'unknown_signature_agent');
      const parsed = parseSignature(request);
      if (!parsed.ok) return verdict(parsed.result, parsed.reason);
      const at = Math.floor(ts / 1000);
      if (parsed.created > at + CLOCK_SKEW_S) return verdict('invalid', 'created_in_future');
      if (parsed.expires < at - CLOCK_SKEW_S) return verdict('invalid', 'expired');
      if (parsed.expires < parsed.created) return verdict('invalid', 'expires_before_created');
      const directory = await directories.keys(url);
      if (!directory.ok) return verdict('unchecked', 'directory_unavailable');
      const key = directory.keys.get(parsed.keyid);
      if (!key) return verdict('invalid', 'unknown_key');
      const good = verify(null, Buffer.from(parsed.base), key, parsed.signature);
      return good ? verdict('valid') : verdict('invalid', 'bad_signature');
    },
  };
}
