import { join } from 'node:path';
import { z } from 'zod';
import { CATALOG_DATA_DIR, parseFile, PURPOSES } from './agents.js';
export { signatureAgentOrigin } from './signature-agent-origin.js';

/** Where an operator keeps its Web Bot Auth keys, relative to the Signature-Agent origin. */
export const KEY_DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';

const Id = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters and digits joined by single dashes');

/** An https origin, as `URL.origin` writes it (no path, no trailing slash). */
const Origin = z
  .url({ protocol: /^https$/ })
  .refine((v) => new URL(v).origin === v, 'an origin: https://host[:port], no path');

export const SignatureAgent = z.strictObject({
  origin: Origin,
  /** An operator's `id` (operators.json). */
  operator: Id,
  /** The agent a valid signature vouches for when the user agent names none of the operator's. */
  agent_id: Id,
  purpose: z.enum(PURPOSES),
  sources: z.array(z.url()).min(1),
});
export type SignatureAgent = z.infer<typeof SignatureAgent>;

export const SignatureAgentsFile = z.strictObject({
  about: z.string(),
  signature_agents: z.array(SignatureAgent),
});

export interface SignatureAgents {
  readonly list: readonly SignatureAgent[];
  byOrigin(origin: string): SignatureAgent | undefined;
}

export function signatureAgents(list: readonly SignatureAgent[]): SignatureAgents {
  const map = new Map(list.map((a) => [a.origin, a]));
  if (map.size !== list.length) throw new Error('signature-agents.json: duplicate origin');
  return { list, byOrigin: (origin) => map.get(origin) };
}

/** The shipped list (src/catalog/data/signature-agents.json). */
export function loadSignatureAgents(dir = CATALOG_DATA_DIR): SignatureAgents {
  return signatureAgents(parseFile(SignatureAgentsFile, join(dir, 'signature-agents.json')).signature_agents);
}

export const SIGNATURE_AGENTS: SignatureAgents = loadSignatureAgents();
