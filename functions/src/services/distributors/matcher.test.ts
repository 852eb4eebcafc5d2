import { describe, expect, it } from 'vitest';
import {
  AUTO_APPROVE_CONFIDENCE,
  bestMatch,
  MIN_CONFIDENCE,
  normaliseManufacturer,
  normalisePartNumber,
  scoreCandidate,
} from './matcher';

describe('normalisation', () => {
  it.each([
    ['3RT2015-1BB41', '3RT20151BB41'],
    [' 3rt2015 1bb41 ', '3RT20151BB41'],
    ['1-1418448-1-ND', '114184481'],
    ['2905130CT-ND', '2905130'],
    ['09 14 000 9960', '09140009960'],
    ['LM317T/NOPB#TR', 'LM317TNOPB'],
  ])('part number %s -> %s', (raw, normalised) => {
    expect(normalisePartNumber(raw)).toBe(normalised);
  });

  it.each([
    ['Phoenix Contact', 'phoenixcontact'],
    ['PHOENIX CONTACT GmbH & Co. KG', 'phoenixcontact'],
    ['TE Connectivity', 'te'],
    ['Tyco Electronics', 'te'],
    ['TE Connectivity AMP Connectors', 'te'],
    ['Schneider Electric', 'schneider'],
    ['Weidmüller', 'weidmuller'],
    ['HARTING Technology Group', 'harting'],
  ])('manufacturer %s -> %s', (raw, normalised) => {
    expect(normaliseManufacturer(raw)).toBe(normalised);
  });
});

describe('scores', () => {
  const table: [string, string | null, string, string, number, number][] = [
    // part, its manufacturer, candidate MPN, candidate manufacturer, lowest, highest
    ['3RT2015-1BB41', 'Siemens', '3RT2015-1BB41', 'Siemens', 1, 1],
    ['3RT2015-1BB41', 'Siemens', '3RT20151BB41', 'SIEMENS AG', 0.95, 0.95],
    ['2905130', 'Phoenix Contact', '2905130', 'PHOENIX CONTACT GmbH', 1, 1],
    ['1-1418448-1', 'TE Connectivity', '1-1418448-1-ND', 'TE Connectivity AMP Connectors', 0.95, 0.95],
    ['09140009960', 'Harting', '09 14 000 9960', 'HARTING', 0.95, 0.95],
    ['3RT2015', 'Siemens', '3RT2015-1BB41', 'Siemens', 0.6, 0.75],
    ['3RT2015-1BB41', 'Siemens', '3RT2015-1BB41', 'Eaton', 0.55, 0.65],
    ['3RT2015-1BB41', null, '3RT2015-1BB41', 'Siemens', 0.95, 0.95],
    ['3RT2015-1BB41', 'Siemens', '3RT1015-1BB41', 'Siemens', 0, 0],
    ['S202-C16', 'ABB', 'S202M-C16', 'ABB', 0, 0],
  ];
  it.each(table)('%s (%s) vs %s (%s) in [%d, %d]', (reference, manufacturer, mpn, candidateManufacturer, low, high) => {
    const score = scoreCandidate(
      { reference, manufacturer },
      { manufacturerPartNumber: mpn, manufacturer: candidateManufacturer },
    );
    expect(score).toBeGreaterThanOrEqual(low);
    expect(score).toBeLessThanOrEqual(high);
  });

  it('keeps exact matches above the auto-approve line and prefixes below it', () => {
    const exact = scoreCandidate(
      { reference: 'A1', manufacturer: 'ABB' },
      { manufacturerPartNumber: 'A1', manufacturer: 'ABB Ltd' },
    );
    const prefix = scoreCandidate(
      { reference: 'S202', manufacturer: 'ABB' },
      { manufacturerPartNumber: 'S202-C16', manufacturer: 'ABB' },
    );
    expect(exact).toBeGreaterThanOrEqual(AUTO_APPROVE_CONFIDENCE);
    expect(prefix).toBeLessThan(AUTO_APPROVE_CONFIDENCE);
  });

  it('picks the best usable candidate and ignores the rest', () => {
    const part = { reference: '2905130', manufacturer: 'Phoenix Contact' };
    const best = bestMatch(part, [
      { manufacturerPartNumber: '2905', manufacturer: 'Phoenix Contact' },
      { manufacturerPartNumber: '2905130', manufacturer: 'Phoenix Contact' },
      { manufacturerPartNumber: 'XYZ', manufacturer: 'Other' },
    ]);
    expect(best).toMatchObject({ candidate: { manufacturerPartNumber: '2905130' }, confidence: 1 });
    expect(bestMatch(part, [{ manufacturerPartNumber: 'XYZ', manufacturer: 'Phoenix Contact' }])).toBeUndefined();
    expect(MIN_CONFIDENCE).toBe(0.5);
  });
});
