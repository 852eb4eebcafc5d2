import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DistributorProductData } from '#shared/schemas/distributor-fill';
import { fixture, startReplay } from '../../../test/distributor-replay';
import { createDigiKeyClient } from './digikey';
import { createMouserClient } from './mouser';
import {
  digiKeyParameterMap,
  fieldProblem,
  lifecycleOfStatus,
  mouserAttributeMap,
  readDigiKeyProduct,
  readMouserPart,
} from './product-data';

/*
 * Contract tests of the mapping table: answers recorded from the real Digi-Key v4 and Mouser
 * APIs (fixtures/distributors, sources in its README) replayed over HTTP to the product's own
 * clients, and every value the table reads checked in the catalogue's unit.
 */
let replay: Awaited<ReturnType<typeof startReplay>>;
beforeAll(async () => {
  replay = await startReplay();
});
afterAll(() => replay.stop());
beforeEach(() => replay.reset());

const policy = { timeoutMs: 3000, serverErrorRetries: 0, maxRetryAfterMs: 3000 };
const digiKey = () =>
  createDigiKeyClient({ ...policy, apiUrl: replay.url, clientId: 'replay', clientSecret: 'replay' });
const mouser = () => createMouserClient({ ...policy, apiUrl: replay.url, apiKey: 'replay' });

const valuesOf = (data: DistributorProductData | undefined) =>
  Object.fromEntries((data?.values ?? []).map((value) => [value.field, value.value]));
const unmappedNames = (data: DistributorProductData | undefined) => (data?.unmapped ?? []).map((entry) => entry.name);

describe('Digi-Key v4 answers through the mapping table', () => {
  it('reads the product details of 296-LM358BAIPWRCT-ND: fields, units, lifecycle, stock and prices', async () => {
    replay.queue(
      'GET /products/v4/search/296-LM358BAIPWRCT-ND/productdetails',
      fixture('digikey-productdetails-296-LM358BAIPWRCT-ND'),
    );
    const [candidate] = await digiKey().findPart('296-LM358BAIPWRCT-ND');
    const data = candidate?.data;
    expect(valuesOf(data)).toEqual({
      description: 'Standard (General Purpose) Amplifier 2 Circuit Push-Pull 8-TSSOP',
      manufacturer: 'Texas Instruments',
      dataSheet: 'https://www.ti.com/lit/ds/symlink/lm2904ba.pdf',
      lifecycle: 'active',
      numberOfCircuits: 2,
      // 'Voltage - Supply Span (Max)' 36 V, in the catalogue's volts.
      voltage: 36,
    });
    expect(data?.values.find((value) => value.field === 'voltage')).toMatchObject({
      asWritten: '36 V',
      from: 'Voltage - Supply Span (Max)',
    });
    // Series '-' is no series; everything else the table has no field for is kept.
    expect(unmappedNames(data)).toEqual(
      expect.arrayContaining([
        'Category',
        'Amplifier Type',
        'Slew Rate',
        'Gain Bandwidth Product',
        'Operating Temperature',
        'Package / Case',
        'Voltage - Supply Span (Min)',
      ]),
    );
    expect(unmappedNames(data)).not.toContain('Series.Name');
    expect(data?.unmapped.find((entry) => entry.name === 'Slew Rate')).toEqual({
      name: 'Slew Rate',
      value: '0.5V/µs',
      reason: 'no-field',
    });
    expect(data).toMatchObject({
      provider: 'digikey',
      productNumber: '296-LM358BAIPWRCT-ND',
      manufacturerPartNumber: 'LM358BAIPWR',
      stock: 4197,
      suggestedReplacement: null,
    });
    expect(data?.priceBreaks[0]).toEqual({ quantity: 2000, unitPrice: 0.12562, currency: 'USD' });
  });

  it('reads the WAGO 857 keyword answer: supply voltage in volts, a range it cannot read kept as unreadable', async () => {
    replay.queue('POST /products/v4/search/keyword', fixture('digikey-keyword-wago-857-4'));
    const candidates = await digiKey().findPart('857-4');
    const byNumber = new Map(candidates.map((candidate) => [candidate.manufacturerPartNumber, candidate.data]));
    expect(valuesOf(byNumber.get('857-401'))).toMatchObject({
      manufacturer: 'WAGO Corporation',
      series: '857',
      type: 'Isolation Amplifier',
      voltage: 24,
      wireTerminationType: 'Spring Terminal',
      lifecycle: 'active',
    });
    // '8 ~ 30VDC' is a range, not one voltage: shown, never guessed.
    const wide = byNumber.get('857-450');
    expect(valuesOf(wide).voltage).toBeUndefined();
    expect(wide?.unmapped).toContainEqual({ name: 'Voltage - Supply', value: '8 ~ 30VDC', reason: 'unreadable' });
    // Scheme-relative datasheet links become https.
    expect(valuesOf(byNumber.get('857-400')).dataSheet).toBe(
      'https://mm.digikey.com/Volume0/opasdata/d220001/medias/docus/5731/857-400.pdf',
    );
    expect(byNumber.get('857-401')?.priceBreaks.map((step) => step.quantity)).toEqual([1, 10, 25]);
  });

  it('reads lengths written in inches with millimetres in brackets as millimetres (3M heat shrink)', async () => {
    replay.queue('POST /products/v4/search/keyword', fixture('digikey-keyword-3m-heat-shrink'));
    const candidates = await digiKey().findPart('3M heat shrink');
    const tubing = candidates.find((candidate) => candidate.manufacturerPartNumber === 'EPS-200 1/8"BL 48"BX')?.data;
    expect(valuesOf(tubing)).toMatchObject({ width: 3.18, series: 'EPS-200', lifecycle: 'active' });
    expect(tubing?.values.find((value) => value.field === 'width')?.asWritten).toBe('0.125" (3.18mm)');
    expect(unmappedNames(tubing)).toEqual(expect.arrayContaining(['Length', 'Material', 'Shrink Temperature']));
  });
});

describe('Mouser answers through the mapping table', () => {
  it('reads the part-number answer for 863-BAT54SLT1G: weight in kg, no lifecycle from a null status, prices', async () => {
    replay.queue('POST /api/v1/search/partnumber', fixture('mouser-partnumber-863-BAT54SLT1G'));
    const [candidate] = await mouser().findPart('863-BAT54SLT1G');
    const data = candidate?.data;
    expect(valuesOf(data)).toEqual({
      description: 'Schottky Diodes & Rectifiers 30V 225mW Dual',
      manufacturer: 'onsemi',
      dataSheet: 'https://www.mouser.com/datasheet/2/308/BAT54SLT1_D-2309936.pdf',
      weight: 0.00003,
    });
    expect(data).toMatchObject({
      provider: 'mouser',
      productNumber: '863-BAT54SLT1G',
      stock: 1498379,
      // Mouser answers "" where it suggests nothing.
      suggestedReplacement: null,
    });
    // Packaging comes three times: each kept.
    expect(unmappedNames(data).filter((name) => name === 'Packaging')).toHaveLength(3);
    expect(data?.unmapped).toContainEqual({ name: 'Standard Pack Qty', value: '3000', reason: 'no-field' });
    expect(data?.priceBreaks.slice(0, 2)).toEqual([
      { quantity: 1, unitPrice: 0.15, currency: 'USD' },
      { quantity: 10, unitPrice: 0.106, currency: 'USD' },
    ]);
    // 30 mg is finer than the weight field's 1 g step: shown, and the dialog says why it cannot be taken.
    expect(fieldProblem('weight', 0.00003)).not.toBeNull();
  });

  it('reads a Japanese-locale keyword answer: yen prices, an empty datasheet link gives no datasheet', async () => {
    replay.queue('POST /api/v1/search/partnumber', fixture('mouser-keyword-ja-595-LM358BAIPWR'));
    const [candidate] = await mouser().findPart('595-LM358BAIPWR');
    expect(valuesOf(candidate?.data).dataSheet).toBeUndefined();
    expect(candidate?.data?.priceBreaks[0]).toEqual({ quantity: 1, unitPrice: 48, currency: 'JPY' });
  });
});

describe('lifecycle words', () => {
  it.each([
    ['Active', 'active'],
    ['Obsolete', 'obsolete'],
    ['Last Time Buy', 'last-time-buy'],
    ['Not For New Designs', 'nrnd'],
    ['New Product', 'active'],
    ['End of Life', 'last-time-buy'],
    ['Not Recommended for New Designs', 'nrnd'],
    ['Discontinued at Digi-Key', undefined],
    [null, undefined],
  ])('%s means %s', (status, lifecycle) => {
    expect(lifecycleOfStatus(status)).toBe(lifecycle);
  });

  it('reads an obsolete Mouser part with its suggested replacement, and Digi-Key EndOfLife without a status', () => {
    const part = readMouserPart({
      ManufacturerPartNumber: 'OLD-1',
      Manufacturer: 'onsemi',
      LifecycleStatus: 'Obsolete',
      SuggestedReplacement: 'NEW-1',
    });
    expect(valuesOf(part).lifecycle).toBe('obsolete');
    expect(part?.suggestedReplacement).toBe('NEW-1');
    const product = readDigiKeyProduct({ ManufacturerProductNumber: 'X', EndOfLife: true, ProductStatus: null });
    expect(product?.values).toContainEqual({
      field: 'lifecycle',
      value: 'obsolete',
      asWritten: 'EndOfLife',
      from: 'EndOfLife',
    });
  });
});

describe('the mapping table itself', () => {
  const recorded = readdirSync(new URL('../../../test/fixtures/distributors/', import.meta.url))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [
      name.replace(/\.json$/, ''),
      readFileSync(new URL(`../../../test/fixtures/distributors/${name}`, import.meta.url), 'utf8'),
    ]);
  const fixtures = new Map(recorded as [string, string][]);

  it.each(Object.entries({ ...digiKeyParameterMap, ...mouserAttributeMap }))(
    '%s was seen in the recorded answer it names',
    (name, entry) => {
      const text = fixtures.get(entry.seenIn);
      expect(text, `no fixture ${entry.seenIn}`).toBeDefined();
      expect(text).toContain(JSON.stringify(name));
      expect(JSON.parse(text!).source).toMatch(/recorded/);
    },
  );
});
