import fc from 'fast-check';
import { printable } from './campaign.js';
import type { FuzzCase } from './case.js';
import { crossAccount } from './cross-account.js';
import { ENDPOINTS } from './endpoints.js';
import { FINDINGS } from './findings.js';
import { rawHttp } from './raw-http.js';
import type { World } from './world.js';

/** Endpoints that stand for many routes get a larger share of the cases. */
const WEIGHTS: Record<string, number> = {
  'GET <read>': 12,
  'POST /api/mcp': 4,
  'GET /api/stats/export.csv': 3,
  'GET /api/stats/export.pdf': 2,
};

/** Every generator of a run: each endpoint mutated, the findings' shapes, cross-account, raw HTTP. */
export function fuzzCases(w: World): fc.Arbitrary<FuzzCase> {
  return fc
    .oneof(
      ...ENDPOINTS.map(([name, gen]) => ({ weight: WEIGHTS[name] ?? 2, arbitrary: gen(w) })),
      ...FINDINGS.map(([, gen]) => ({ weight: 3, arbitrary: gen(w) })),
      { weight: 8, arbitrary: crossAccount(w) },
      { weight: 3, arbitrary: rawHttp(w) },
    )
    .map(printable);
}
