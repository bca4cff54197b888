import { ERROR_CODES } from '../../src/errors/app-error.js';
import type { WireResponse } from '../support/http-wire.js';
import type { Step } from './case.js';

/** The one 5xx a read may answer with the backends up: its statement ran past READ_TIMEOUT_MS. */
const READ_TIMEOUT = /too long|timed? ?out|time limit/i;

export interface Verdict {
  problems: string[];
  /** A read cancelled by the read budget (allowed, but counted). */
  readTimeout: boolean;
}

const parse = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
};

/** Whether `v` is exactly `{"error":{"code","message","field"?}}` with a known code. */
export function envelopeProblem(v: unknown): string | undefined {
  const e = (v as { error?: unknown } | undefined)?.error as Record<string, unknown> | undefined;
  if (
    typeof v !== 'object' ||
    v === null ||
    Object.keys(v).join() !== 'error' ||
    typeof e !== 'object' ||
    e === null
  )
    return 'is not the error envelope {"error":{…}}';
  if (!ERROR_CODES.includes(e.code as never)) return `has an unknown code ${JSON.stringify(e.code)}`;
  if (typeof e.message !== 'string') return 'has no message';
  if (e.field !== undefined && typeof e.field !== 'string') return 'has a field that is not text';
  const extra = Object.keys(e).filter((k) => !['code', 'message', 'field'].includes(k));
  if (extra.length > 0) return `has keys beyond code, message and field: ${extra.join(', ')}`;
  return undefined;
}

type Reply = { error?: { code?: number; data?: { code?: string } }; result?: unknown };

/** What an answer breaks: the rules every answer follows, then the step's own expectation. */
export function judge(step: Step, res: WireResponse): Verdict {
  const problems: string[] = [];
  const json = parse(res.body);
  const error = (json as { error?: { code?: string; message?: string; field?: string } } | undefined)?.error;
  let readTimeout = false;
  if (res.status >= 500) {
    readTimeout =
      res.status === 503 &&
      (step.kind === 'read' || step.kind === 'mcp') &&
      error?.code === 'database_error' &&
      READ_TIMEOUT.test(error.message ?? '');
    if (!readTimeout) problems.push(`answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
  } else if (res.status >= 400 && step.kind !== 'pixel') {
    const p = envelopeProblem(json);
    if (p) problems.push(`a ${res.status} whose body ${p}: ${res.body.toString('utf8').slice(0, 300)}`);
  }
  const x = step.expect;
  if (x?.status && !x.status.includes(res.status) && !readTimeout)
    problems.push(
      `answered ${res.status}, not ${x.status.join(' or ')}: ${res.body.toString('utf8').slice(0, 300)}`,
    );
  if (x?.code !== undefined && (error?.code !== x.code || error?.field !== x.field))
    problems.push(`answered ${JSON.stringify(error)}, not code ${x.code} on field ${x.field}`);
  if (step.kind === 'mcp' && res.status === 200) problems.push(...mcpProblems(json, x));
  return { problems, readTimeout };
}

function mcpProblems(json: unknown, x: Step['expect']): string[] {
  const replies = (Array.isArray(json) ? json : [json]) as Reply[];
  const out: string[] = [];
  for (const r of replies) {
    const code = r?.error?.data?.code;
    if (code === 'internal_error' || code === 'upstream_error')
      out.push(`a JSON-RPC ${code}: ${JSON.stringify(r.error)}`);
  }
  if (x?.rpcError) {
    const r = json as Reply;
    if (
      Array.isArray(json) ||
      r?.error?.code !== x.rpcError.code ||
      r.error.data?.code !== x.rpcError.dataCode
    )
      out.push(
        `answered ${String(JSON.stringify(json)).slice(0, 200)}, not one JSON-RPC error ${x.rpcError.code} (${x.rpcError.dataCode})`,
      );
  }
  if (x?.rpcRefused)
    for (const r of replies)
      if (r?.result !== undefined || !x.rpcRefused.includes(r?.error?.data?.code ?? ''))
        out.push(
          `answered ${String(JSON.stringify(r)).slice(0, 200)}, not a refusal (${x.rpcRefused.join(' or ')})`,
        );
  return out;
}
