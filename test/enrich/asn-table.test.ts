import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAsnTable } from '../../src/enrich/asn-table.js';
import { parseAddress } from '../../src/enrich/ip-address.js';

function csvFiles(v4: string, v6: string): { v4: string; v6: string } {
  const dir = mkdtempSync(join(tmpdir(), 'asn-'));
  writeFileSync(join(dir, 'v4.csv'), v4);
  writeFileSync(join(dir, 'v6.csv'), v6);
  return { v4: join(dir, 'v4.csv'), v6: join(dir, 'v6.csv') };
}

const lookup = (table: Awaited<ReturnType<typeof loadAsnTable>>, ip: string) =>
  table.lookup(parseAddress(ip)!);

// 2001:db8:: = 42540766411282592856903984951653826560; 2001:db8::ffff = …826560 + 65535.
const V6 = [
  '42540766411282592856903984951653826560,42540766411282592856903984951653892095,64500,Example v6\n',
  // 2001:db8:0:1:: … 2001:db8:0:1:ffff:ffff:ffff:ffff, a range whose bounds differ below bit 64
  '42540766411282592875350729025363378176,42540766411282592893797473099072929791,64501,"Org ""Quoted"", Inc."\n',
].join('');

describe('loadAsnTable', () => {
  it('finds the range holding an address, at both bounds, and nothing in gaps', async () => {
    const table = await loadAsnTable(
      csvFiles('16777216,16777471,13335,"Cloudflare, Inc."\n16778240,16779263,38803,Gtelecom Pty Ltd\n', V6),
    );
    expect(lookup(table, '1.0.0.0')).toEqual({ asn: 13335, as_org: 'Cloudflare, Inc.' });
    expect(lookup(table, '1.0.0.255')).toEqual({ asn: 13335, as_org: 'Cloudflare, Inc.' });
    expect(lookup(table, '1.0.1.0')).toBeUndefined();
    expect(lookup(table, '1.0.4.0')).toEqual({ asn: 38803, as_org: 'Gtelecom Pty Ltd' });
    expect(lookup(table, '1.0.7.255')).toEqual({ asn: 38803, as_org: 'Gtelecom Pty Ltd' });
    expect(lookup(table, '0.255.255.255')).toBeUndefined();
    expect(lookup(table, '9.9.9.9')).toBeUndefined();
    expect(lookup(table, '::ffff:1.0.0.7')).toEqual({ asn: 13335, as_org: 'Cloudflare, Inc.' });
    expect(lookup(table, '2001:db8::1')).toEqual({ asn: 64500, as_org: 'Example v6' });
    expect(lookup(table, '2001:db8::1:0')).toBeUndefined();
    expect(lookup(table, '2001:db8:0:1:ffff::')).toEqual({ asn: 64501, as_org: 'Org "Quoted", Inc.' });
    expect(lookup(table, '2001:db8:0:2::')).toBeUndefined();
    expect(table.stats).toEqual({ v4Ranges: 2, v6Ranges: 2, asns: 4, overlapsClipped: 0 });
  });

  it('lets a range that starts inside its predecessor win from its start on', async () => {
    const table = await loadAsnTable(csvFiles('100,199,1,A\n150,250,2,B\n', ''));
    expect(table.lookup({ family: 4, words: [149], text: '' })).toEqual({ asn: 1, as_org: 'A' });
    expect(table.lookup({ family: 4, words: [150], text: '' })).toEqual({ asn: 2, as_org: 'B' });
    expect(table.lookup({ family: 4, words: [250], text: '' })).toEqual({ asn: 2, as_org: 'B' });
    expect(table.stats.overlapsClipped).toBe(1);
  });

  it('refuses a file whose ranges are out of order, naming the line', async () => {
    await expect(loadAsnTable(csvFiles('200,299,1,A\n100,199,2,B\n', ''))).rejects.toThrow(
      /v4\.csv:2: ranges are not sorted/,
    );
  });

  it('loads the shipped tables whole', async () => {
    const table = await loadAsnTable();
    expect(table.stats.v4Ranges).toBeGreaterThan(400_000);
    expect(table.stats.v6Ranges).toBeGreaterThan(100_000);
    expect(lookup(table, '8.8.8.8')).toEqual({ asn: 15169, as_org: 'Google LLC' });
    expect(lookup(table, '1.1.1.1')).toEqual({ asn: 13335, as_org: 'Cloudflare, Inc.' });
    expect(lookup(table, '2001:4860:4860::8888')).toEqual({ asn: 15169, as_org: 'Google LLC' });
  }, 30_000);
});
