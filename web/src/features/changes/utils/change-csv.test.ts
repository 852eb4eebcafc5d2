import { describe, expect, it } from 'vitest';
import type { ChangeEntry } from '#shared/schemas/changes';
import { changesCsv, changesCsvName } from './change-csv';

const entry: ChangeEntry = {
  id: '01KCHANGE0000000000000000A',
  at: '2026-03-01T10:00:00.000Z',
  kind: 'edit',
  componentId: 7,
  componentReference: 'PKZM0-10',
  componentClass: 'Circuit Protection',
  fields: ['description', 'width'],
  summary: 'Updated description, width',
  proposedBy: { id: 'u1', name: 'alice' },
  approvedBy: { id: 'u2', name: 'lena' },
  requestId: '01KREQ00000000000000000000',
};

describe('the change log as CSV', () => {
  it('writes a heading and a row per change, quoting what needs it', () => {
    const lines = changesCsv([{ ...entry, summary: 'Updated "description", width' }]).split('\r\n');
    expect(lines[0]).toBe(
      'When (UTC),Kind,Part,Part id,Class,Fields,Change,Proposed by,Approved by,Request,Override reason',
    );
    expect(lines[1]).toBe(
      '2026-03-01T10:00:00.000Z,Edit,PKZM0-10,7,Circuit Protection,description width,"Updated ""description"", width",alice,lena,01KREQ00000000000000000000,',
    );
    expect(lines[2]).toBe('');
  });

  it('never lets a cell start a formula', () => {
    const row = changesCsv([
      {
        ...entry,
        componentReference: '=HYPERLINK("http://x")',
        proposedBy: { id: 'u', name: '@evil' },
        summary: '-1+2',
      },
    ]).split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(row).toContain(",'@evil,");
    expect(row).toContain(",'-1+2,");
  });

  it('names the file by the day', () => {
    expect(changesCsvName(new Date('2026-03-04T23:00:00Z'))).toBe('component_changes_2026-03-04.csv');
  });
});
