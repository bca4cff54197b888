import type fc from 'fast-check';
import type { FuzzCase } from './case.js';
import { batchDeep, pixelDeep, redos, trackDeep } from './findings-hits.js';
import { hugePage, mcpBatch, privateDomain, readDeepFilters, segmentDeepFilters } from './findings-reads.js';
import type { World } from './world.js';

/*
 * Inputs shaped like the known ways in (deep `p`, deep `filters`, huge `page`, backtracking globs,
 * big MCP batches, private site domains), each with the exact answer the decisions require.
 */
export const FINDINGS: readonly [string, (w: World) => fc.Arbitrary<FuzzCase>][] = [
  ['pixel deep p', pixelDeep],
  ['track deep p', trackDeep],
  ['batch deep member', batchDeep],
  ['backtracking globs', redos],
  ['read deep filters', readDeepFilters],
  ['segment deep filters', segmentDeepFilters],
  ['huge page', hugePage],
  ['MCP batch', mcpBatch],
  ['private domain', privateDomain],
];
