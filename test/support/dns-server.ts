import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A designed zone: PTR names per IPv4 address, A records per host name. A name in `silent` is
 * never answered (a resolver that times out); `delayMs` holds every answer back that long.
 */
export interface Zone {
  ptr: Record<string, string[]>;
  a: Record<string, string[]>;
  silent?: ReadonlySet<string>;
  delayMs?: number;
}

export interface DnsServer {
  /** `127.0.0.1:port`, as DNS_SERVERS takes it. */
  address: string;
  /** Every question asked (`PTR 1.2.0.192.in-addr.arpa`, `A host`), in order of arrival. */
  asked: string[];
  /** Every question answered, in order of answering. */
  answered: string[];
  close(): Promise<void>;
}

/** The PTR question name of an IPv4 address. */
export const arpaOf = (ip: string) => `${ip.split('.').reverse().join('.')}.in-addr.arpa`;

/** A real DNS server over UDP on loopback (dns2), answering from `zone`, NXDOMAIN for the rest. */
export async function startDnsServer(zone: Zone): Promise<DnsServer> {
  const ptrs = new Map(Object.entries(zone.ptr).map(([ip, names]) => [arpaOf(ip), names]));
  const asked: string[] = [];
  const answered: string[] = [];
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0]!;
    const name = question.name.toLowerCase();
    const type = question.type === Packet.TYPE.PTR ? 'PTR' : question.type === Packet.TYPE.A ? 'A' : 'other';
    const q = `${type} ${name}`;
    asked.push(q);
    if (zone.silent?.has(name)) return;
    const records = type === 'PTR' ? (ptrs.get(name) ?? []) : type === 'A' ? (zone.a[name] ?? []) : [];
    for (const value of records) {
      const record =
        type === 'PTR'
          ? { name, type: Packet.TYPE.PTR, class: Packet.CLASS.IN, ttl: 60, domain: value }
          : { name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 60, address: value };
      // dns2 encodes plain records; its types ask for the decoded class's toBuffer as well.
      response.answers.push(record as unknown as (typeof response.answers)[number]);
    }
    // A name the zone does not hold does not exist; a known host without records of the type has none.
    const known = ptrs.has(name) || name in zone.a;
    if (!known) response.header.rcode = 3;
    const reply = () => {
      answered.push(q);
      void send(response);
    };
    if (zone.delayMs) setTimeout(reply, zone.delayMs);
    else reply();
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    asked,
    answered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
