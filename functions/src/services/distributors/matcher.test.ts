import { describe, expect, it } from 'vitest';
import {
  AUTO_APPROVE_CONFIDENCE,
  bestMatch,
  manufacturerNames,
  MIN_CONFIDENCE,
  normaliseManufacturer,
  normalisePartNumber,
  sameManufacturer,
  scoreCandidate,
} from './matcher';

describe('part numbers', () => {
  it.each([
    // separators and case
    ['3RT2015-1BB41', '3RT20151BB41'],
    [' 3rt2015 1bb41 ', '3RT20151BB41'],
    ['09 14 000 9960', '09140009960'],
    // Digi-Key order numbers: -ND, and cut tape / tape and reel / Digi-Reel right before it
    ['1-1418448-1-ND', '114184481'],
    ['2905130CT-ND', '2905130'],
    ['296-LM358BAIPWRTR-ND', '296LM358BAIPWR'],
    ['296-LM358BAIPWRDKR-ND', '296LM358BAIPWR'],
    // packaging written after a separator
    ['LM317T/NOPB#TR', 'LM317TNOPB'],
    ['BAV99-TR', 'BAV99'],
    ['LT1761ES5-5#TRPBF', 'LT1761ES55'],
    // a CT or TR that is part of the maker's number stays
    ['0402B104K160CT', '0402B104K160CT'],
    ['SN74HC00DR', 'SN74HC00DR'],
    ['FTR-K1CK012W', 'FTRK1CK012W'],
    // accents and compatibility forms
    ['ÖLFLEX 110 3G1,5', 'OLFLEX1103G1,5'],
  ])('%s -> %s', (raw, normalised) => {
    expect(normalisePartNumber(raw)).toBe(normalised);
  });
});

describe('manufacturers', () => {
  it.each([
    ['Phoenix Contact', 'phoenixcontact'],
    ['PHOENIX CONTACT GmbH & Co. KG', 'phoenixcontact'],
    ['TE Connectivity', 'te'],
    ['Tyco Electronics', 'te'],
    ['TE Connectivity AMP Connectors', 'te'],
    ['TE Connectivity Deutsch Connectors', 'te'],
    ['Schneider Electric', 'schneider'],
    ['Telemecanique Sensors', 'schneider'],
    ['Weidmüller', 'weidmuller'],
    ['Weidmueller', 'weidmuller'],
    ['HARTING Technology Group', 'harting'],
    ['WAGO Corporation', 'wago'],
    ['Rockwell Automation', 'allenbradley'],
    ['Allen-Bradley', 'allenbradley'],
    ['ON Semiconductor', 'onsemi'],
    ['Same Sky', 'cuidevices'],
  ])('%s -> %s', (raw, normalised) => {
    expect(normaliseManufacturer(raw)).toBe(normalised);
  });

  it('reads a distributor’s “(Formerly X)” as both names', () => {
    expect(manufacturerNames('Same Sky (Formerly CUI Devices)')).toEqual(['cuidevices']);
    expect(manufacturerNames('Amphenol Sine Systems (formerly Sine Systems)')).toEqual([
      'amphenolsinesystems',
      'sinesystems',
    ]);
  });

  it.each([
    ['Same Sky (Formerly CUI Devices)', 'CUI Devices', true],
    ['Amphenol Sine Systems (formerly Sine Systems)', 'Sine Systems', true],
    ['TE Connectivity AMP Connectors', 'TE', true],
    ['Allen-Bradley', 'Rockwell Automation', true],
    ['Weidmüller', 'Weidmueller', true],
    ['WAGO Corporation', 'Wago', true],
    ['Finder Relays, Inc.', 'Finder', true],
    ['HARTING', 'Harting Electric Stiftung', true],
    ['ABB', 'Abbott', false],
    ['Siemens', 'Eaton', false],
    ['Molex', 'Molex Connector Corporation', true],
  ])('%s and %s are one maker: %s', (a, b, same) => {
    expect(sameManufacturer(a, b)).toBe(same);
    expect(sameManufacturer(b, a)).toBe(same);
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
    // leading zeros and separators: Molex writes both
    ['53398-0271', 'Molex', '0533980271', 'Molex', 0.95, 0.95],
    ['0533980271', 'Molex', '53398-0271', 'Molex', 0.95, 0.95],
    // a maker's CT is not packaging: without it, only a family prefix
    ['0402B104K160', 'Walsin', '0402B104K160CT', 'Walsin Technology Corporation', 0.5, 0.8],
    ['0402B104K160CT', 'Walsin Technology', '0402B104K160CT', 'Walsin Technology Corporation', 1, 1],
    // renamed and aliased makers keep the full score
    ['PJ-002A', 'CUI Devices', 'PJ-002A', 'Same Sky (Formerly CUI Devices)', 1, 1],
    ['700-HK36Z24', 'Allen-Bradley', '700-HK36Z24', 'Rockwell Automation', 1, 1],
    ['WDU 2.5', 'Weidmueller', 'WDU 2.5', 'Weidmüller', 1, 1],
    ['DT04-3P', 'TE Connectivity', 'DT04-3P', 'TE Connectivity Deutsch Connectors', 1, 1],
    ['3RT2015', 'Siemens', '3RT2015-1BB41', 'Siemens', 0.6, 0.75],
    ['3RT2015-1BB41', 'Siemens', '3RT2015-1BB41', 'Eaton', 0.55, 0.65],
    ['3RT2015-1BB41', null, '3RT2015-1BB41', 'Siemens', 0.95, 0.95],
    // a candidate without a maker is not taken as a match of the maker
    ['3RT2015-1BB41', 'Siemens', '3RT2015-1BB41', '', 0.95, 0.95],
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

  it('scores a product by every key the part has: the article number finds what the type name cannot', () => {
    const phoenix = { reference: 'PT 2,5-QUATTRO', manufacturer: 'Phoenix Contact' };
    const product = { manufacturerPartNumber: '3209590', manufacturer: 'Phoenix Contact' };
    expect(scoreCandidate(phoenix, product)).toBe(0);
    expect(scoreCandidate({ ...phoenix, otherKeys: ['3209590'] }, product)).toBe(1);
  });

  it('takes a distributor order number as the product itself, never as a prefix', () => {
    const part = { reference: '863-BAT54SLT1G', manufacturer: 'ON Semiconductor' };
    const mouser = { manufacturerPartNumber: 'BAT54SLT1G', manufacturer: 'onsemi', orderNumbers: ['863-BAT54SLT1G'] };
    expect(scoreCandidate(part, mouser)).toBe(1);
    expect(scoreCandidate({ ...part, reference: '863-BAT54' }, mouser)).toBe(0);
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
