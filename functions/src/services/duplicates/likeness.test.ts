import { describe, expect, it } from 'vitest';
import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { DUPLICATE_CANDIDATES_MAX } from '#shared/schemas/duplicates';
import { canIdentify, likeness, ranked } from './likeness';

const part = (reference: string, manufacturer: string | null, articleNumber: string | null = null) => ({
  reference,
  manufacturer,
  articleNumber,
});

describe('likeness', () => {
  it('calls the same part what the import does: makers’ part numbers written with other separators and case', () => {
    // Phoenix Contact writes its 2.5 mm² terminal 'PT 2,5'; distributors list it as 'PT2.5'.
    expect(likeness({ reference: 'PT2.5', manufacturer: 'Phoenix Contact' }, part('PT 2,5', 'Phoenix Contact'))).toBe(
      'exact',
    );
    // WAGO's 2002-1201 as typed from a label.
    expect(likeness({ reference: '2002 1201', manufacturer: 'wago' }, part('2002-1201', 'WAGO'))).toBe('exact');
    // Siemens's contactor without its hyphen.
    expect(likeness({ reference: '3RT20151BB41', manufacturer: 'SIEMENS' }, part('3RT2015-1BB41', 'Siemens'))).toBe(
      'exact',
    );
    // A blank maker on either side does not tell two parts apart.
    expect(likeness({ reference: '3rt2015-1bb41' }, part('3RT2015-1BB41', 'Siemens'))).toBe('exact');
    expect(likeness({ reference: '2002-1201', manufacturer: 'WAGO' }, part('2002-1201', null))).toBe('exact');
  });

  it('calls a reference one character away, with a maker that agrees, close', () => {
    expect(likeness({ reference: '3RT2015-1BB42', manufacturer: 'Siemens' }, part('3RT2015-1BB41', 'Siemens'))).toBe(
      'close',
    );
    expect(likeness({ reference: '2002-1204', manufacturer: 'WAGO' }, part('2002-1201', 'WAGO'))).toBe('close');
    // A character dropped, and one added.
    expect(likeness({ reference: '2002-120', manufacturer: 'WAGO' }, part('2002-1201', 'WAGO'))).toBe('close');
    expect(
      likeness({ reference: 'PT 2,5 Q', manufacturer: 'Phoenix Contact' }, part('PT 2,5', 'Phoenix Contact')),
    ).toBe('close');
    // Two characters away is another part.
    expect(likeness({ reference: '3RT2026-1BB40', manufacturer: 'Siemens' }, part('3RT2016-1BB41', 'Siemens'))).toBe(
      undefined,
    );
    // Short references are compared only whole: one character is most of them.
    expect(likeness({ reference: 'PT 4', manufacturer: 'Phoenix Contact' }, part('PT 6', 'Phoenix Contact'))).toBe(
      undefined,
    );
  });

  it('calls the same reference of another maker close, and a near one of another maker another part', () => {
    expect(likeness({ reference: 'LC1D09', manufacturer: 'Schneider' }, part('LC1-D09', 'Schneider Electric'))).toBe(
      'close',
    );
    expect(likeness({ reference: 'LC1D12', manufacturer: 'Eaton' }, part('LC1D09', 'Schneider Electric'))).toBe(
      undefined,
    );
  });

  it('calls the same article number close, and a maker alone nothing', () => {
    expect(
      likeness(
        { reference: 'PT 2.5 grey', manufacturer: 'Phoenix Contact', articleNumber: '3209 510' },
        part('PT 2,5', 'Phoenix Contact', '3209510'),
      ),
    ).toBe('close');
    expect(likeness({ manufacturer: 'Phoenix Contact' }, part('PT 2,5', 'Phoenix Contact'))).toBe(undefined);
    expect(canIdentify({ manufacturer: 'Phoenix Contact' })).toBe(false);
    expect(canIdentify({ reference: ' - ' })).toBe(false);
    expect(canIdentify({ articleNumber: '3209510' })).toBe(true);
  });
});

describe('ranked', () => {
  it('lists the same part first, catalogue parts before requests, then by reference, at most the cap', () => {
    const candidates: DuplicateCandidate[] = [
      { kind: 'request', id: '01K', reference: 'B', manufacturer: null, exact: true },
      { kind: 'part', id: 3, reference: 'C', manufacturer: null, exact: false },
      { kind: 'part', id: 2, reference: 'B', manufacturer: null, exact: true },
      { kind: 'part', id: 1, reference: 'A', manufacturer: null, exact: false },
    ];
    expect(ranked(candidates).map((candidate) => candidate.id)).toEqual([2, '01K', 1, 3]);
    const many: DuplicateCandidate[] = Array.from({ length: 30 }, (_, id) => ({ ...candidates[1]!, kind: 'part', id }));
    expect(ranked(many)).toHaveLength(DUPLICATE_CANDIDATES_MAX);
  });
});
