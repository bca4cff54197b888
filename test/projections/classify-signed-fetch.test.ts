import { describe, expect, it } from 'vitest';
import { classifyFetch } from '../../projections/agents/classify-fetch.js';
import type { PolicyHistory } from '../../projections/agents/policies.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { SIGNATURE_AGENTS } from '../../src/catalog/signature-agents.js';
import type { FetchSignature } from '../../streams/events.js';
import { fetched, OPENAI_RANGE, UA } from '../support/events.js';

const catalog = loadCatalog();
const NO_POLICIES: PolicyHistory = { robotsAt: () => null, llmsAt: () => null };
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const RDNS_OPENAI = { confirms: (operator: string) => operator === 'openai' };

const classify = (over: Parameters<typeof fetched>[0], signature?: FetchSignature) =>
  classifyFetch(catalog, NO_POLICIES, fetched({ ...over, ...(signature ? { signature } : {}) }), RDNS_OPENAI);
const at = { site: 1, ts: 0 };
const valid = (agent: string): FetchSignature => ({ agent, result: 'valid' });

describe('classifyFetch with a Web Bot Auth verdict', () => {
  it('names every signed agent of the shipped list after an operator of the catalog', () => {
    for (const s of SIGNATURE_AGENTS.list) expect(catalog.operator(s.operator), s.origin).toBeDefined();
    expect(SIGNATURE_AGENTS.byOrigin('https://chatgpt.com')).toMatchObject({
      operator: 'openai',
      agent_id: 'chatgpt-agent',
    });
  });

  it('puts web_bot_auth before the ranges and reverse DNS, and names the signed agent a browser user agent hides', () => {
    expect(classify({ ...at, user_agent: CHROME }, valid('https://chatgpt.com'))).toMatchObject({
      agent_id: 'chatgpt-agent',
      operator: 'openai',
      purpose: 'user_action',
      verified_by: 'web_bot_auth',
      signature_forged: false,
    });
    expect(
      classify({ ...at, user_agent: UA.chatgptUser, ranges: [OPENAI_RANGE] }, valid('https://chatgpt.com')),
    ).toMatchObject({
      agent_id: 'chatgpt-user',
      verified_by: 'web_bot_auth',
    });
    expect(classify({ ...at, ranges: [OPENAI_RANGE] })).toMatchObject({
      agent_id: 'gptbot',
      verified_by: 'ip_range',
    });
    expect(classify(at)).toMatchObject({ agent_id: 'gptbot', verified_by: 'reverse_dns' });
  });

  it('never verifies a forged claim, whatever the address, and counts it', () => {
    const forged: FetchSignature = {
      agent: 'https://chatgpt.com',
      result: 'invalid',
      reason: 'bad_signature',
    };
    expect(classify({ ...at, ranges: [OPENAI_RANGE] }, forged)).toMatchObject({
      agent_id: 'gptbot',
      verified: false,
      verified_by: null,
      signature_forged: true,
    });
  });

  it('leaves an unchecked claim to the other methods', () => {
    const unchecked: FetchSignature = {
      agent: 'https://chatgpt.com',
      result: 'unchecked',
      reason: 'directory_unavailable',
    };
    expect(classify({ ...at, ranges: [OPENAI_RANGE] }, unchecked)).toMatchObject({
      verified_by: 'ip_range',
      signature_forged: false,
    });
  });

  it('names a private agent (an origin only AGENT_KEY_DIRECTORY_URLS knows) by its host', () => {
    expect(classify({ ...at, user_agent: CHROME }, valid('https://bot.intranet.example'))).toMatchObject({
      agent_id: 'bot.intranet.example',
      operator: 'bot.intranet.example',
      purpose: 'other',
      verified_by: 'web_bot_auth',
    });
  });
});
