import type { Catalog } from '../catalog/agents.js';
import { child } from '../metrics.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import type { Appender } from '../nats/append.js';
import type { FetchRecorded } from '../../streams/events.js';
import { type StreamLayout, subjectFor } from '../../streams/subjects.js';
import { AddressVerifier, type VerifierLimits } from './address-verifier.js';
import { confirmAddress, createLookups } from './fcrdns.js';

/** Each PTR, A or AAAA query is given up after this: a silent resolver costs a check no more. */
export const LOOKUP_TIMEOUT_MS = 3000;

/**
 * The verifier of an API process: lookups through DNS_SERVERS, confirmations appended to the
 * site's agent subject, outcomes counted in the process's metrics.
 */
export function createEdgeVerifier(
  deps: { config: Pick<Config, 'DNS_SERVERS'>; appender: Appender; metrics: Metrics; log: Logger },
  layout: StreamLayout,
  limits?: Partial<VerifierLimits>,
): AddressVerifier {
  const lookups = createLookups(deps.config.DNS_SERVERS, LOOKUP_TIMEOUT_MS);
  return new AddressVerifier({
    confirm: (address, domains) => confirmAddress(lookups, address, domains),
    cancel: () => lookups.cancel(),
    publish: (event) => deps.appender.append(subjectFor(layout, event.site, 'edge'), event),
    onChecked: (result) => child(deps.metrics.reverseDnsChecks, result).inc(),
    onSkipped: (reason) => child(deps.metrics.reverseDnsSkipped, reason).inc(),
    log: deps.log,
    ...(limits ? { limits } : {}),
  });
}

/**
 * Offers the fetches reverse DNS may verify: a user agent the catalog attributes to an operator
 * with `rdns_domains`, from an address outside that operator's published ranges (inside them it
 * is verified already). `addresses[i]` is the raw address of `fetches[i]`.
 */
export function offerFetches(
  verifier: AddressVerifier,
  catalog: Catalog,
  fetches: readonly FetchRecorded[],
  addresses: readonly string[],
): void {
  fetches.forEach((f, i) => {
    const agent = catalog.classify(f.user_agent);
    if (!agent) return;
    const domains = catalog.operator(agent.operator)?.rdns_domains ?? [];
    if (domains.length === 0 || f.ranges.some((r) => r.operator === agent.operator)) return;
    verifier.offer({
      site: f.site,
      ts: f.ts,
      digest: f.address,
      address: addresses[i]!,
      operator: agent.operator,
      domains,
    });
  });
}
