import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  componentChoiceFields,
  componentDecimalFields,
  componentFieldLabels,
  componentFields,
  componentFileFields,
  componentIdSchema,
  componentInputSchema,
  componentIntegerFields,
  componentTextFields,
  parseFieldNumber,
  searchQuerySchema,
} from './component';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('component fields', () => {
  it('lists every component field once, each with a label', () => {
    const grouped = [
      ...componentTextFields,
      ...componentFileFields,
      ...componentDecimalFields,
      ...componentIntegerFields,
      ...componentChoiceFields,
    ];
    expect(new Set(componentFields)).toEqual(new Set(grouped));
    expect(componentFields).toHaveLength(grouped.length);
    for (const field of componentFields) expect(componentFieldLabels[field], field).toBeTruthy();
  });
});

describe('componentInputSchema', () => {
  it('requires Reference and Class with their messages', () => {
    expect(firstMessage(componentInputSchema.safeParse({ class: 'Relay' }))).toBe(messages.referenceRequired);
    expect(firstMessage(componentInputSchema.safeParse({ reference: '  ', class: 'Relay' }))).toBe(
      messages.referenceRequired,
    );
    expect(firstMessage(componentInputSchema.safeParse({ reference: 'X1', class: '' }))).toBe(messages.classRequired);
  });

  it('turns empty numbers into null and reads numeric text, units and decimal commas', () => {
    const parsed = componentInputSchema.parse({
      reference: ' 3RT2015-1BB41 ',
      class: 'Relay',
      width: '',
      height: '57,5',
      depth: '73 mm',
      weight: 0.25,
      voltage: '24V',
      frequency: null,
      numberOfTerminals: '8',
      numberOfCircuits: '',
      description: '',
    });
    expect(parsed).toMatchObject({
      reference: '3RT2015-1BB41',
      width: null,
      height: 57.5,
      depth: 73,
      weight: 0.25,
      voltage: 24,
      frequency: null,
      numberOfTerminals: 8,
      numberOfCircuits: null,
      maxWireNumber: null,
      description: null,
      manufacturer: null,
    });
  });

  it('refuses text in numeric fields and fractions in integer fields, naming the field', () => {
    expect(firstMessage(componentInputSchema.safeParse({ reference: 'A', class: 'B', voltage: 'high' }))).toBe(
      messages.numberInvalid('Voltage (V)'),
    );
    expect(firstMessage(componentInputSchema.safeParse({ reference: 'A', class: 'B', width: '12 kg' }))).toBe(
      messages.numberInvalid('Width (mm)'),
    );
    expect(firstMessage(componentInputSchema.safeParse({ reference: 'A', class: 'B', numberOfTerminals: '2.5' }))).toBe(
      messages.wholeNumberInvalid('Number of Terminals'),
    );
    expect(
      firstMessage(componentInputSchema.safeParse({ reference: 'A', class: 'B', maxWireNumber: Number.NaN })),
    ).toBe(messages.wholeNumberInvalid('Max Wire Number'));
  });
});

describe('parseFieldNumber', () => {
  it.each([
    ['numberOfTerminals', '12', 12],
    ['voltage', '-3.5', -3.5],
    ['width', '0,75', 0.75],
    ['width', '.5', 0.5],
    ['voltage', '24 V', 24],
    ['voltage', '24v', 24],
    ['voltage', '0.024 kV', 24],
    ['voltage', '230 VAC', 230],
    ['currentAmps', '500 mA', 0.5],
    ['width', '2 cm', 20],
    ['weight', '250 g', 0.25],
    ['frequency', '0.05 kHz', 50],
    ['numberOfTerminals', '24 V', undefined],
    ['voltage', '24 A', undefined],
    ['voltage', '1e3', undefined],
    ['voltage', '12 34', undefined],
    ['voltage', '', undefined],
  ] as const)('%s: %j is %j', (field, text, expected) => {
    expect(parseFieldNumber(field, text)).toBe(expected);
  });
});

describe('componentIdSchema', () => {
  it('accepts positive whole numbers only', () => {
    expect(componentIdSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', 'abc', '01', '9'.repeat(16), '']) {
      expect(firstMessage(componentIdSchema.safeParse({ id })), id).toBe(messages.componentIdInvalid);
    }
  });
});

describe('searchQuerySchema', () => {
  it('defaults limit to 10 and offset to 0, and drops empty filters', () => {
    expect(searchQuerySchema.parse({ query: '  ', manufacturer: '', width: ' ' })).toMatchObject({
      query: undefined,
      limit: 10,
      offset: 0,
      manufacturer: undefined,
      width: undefined,
    });
  });

  it('reads every advanced filter: text trimmed, numbers with their unit', () => {
    const parsed = searchQuerySchema.parse({
      query: ' 3RT2015 ',
      limit: '1000',
      offset: '20',
      reference: 'UT',
      terminalType: 'Screw',
      insertionExtractionTool: 'Han',
      width: '5.2 mm',
      voltage2: '230',
      numberOfTerminals: '4',
      unknown: 'ignored',
    });
    expect(parsed).toMatchObject({
      query: '3RT2015',
      limit: 1000,
      offset: 20,
      reference: 'UT',
      terminalType: 'Screw',
      insertionExtractionTool: 'Han',
      width: 5.2,
      voltage2: 230,
      numberOfTerminals: 4,
    });
    expect(parsed).not.toHaveProperty('unknown');
  });

  it('refuses bad paging numbers with a message', () => {
    for (const limit of ['1001', '-1', '1.5', 'ten', '1e2']) {
      expect(firstMessage(searchQuerySchema.safeParse({ limit })), limit).toBe(messages.searchLimitInvalid(1000));
    }
    for (const offset of ['-5', 'x', '2.0', '99999999999']) {
      expect(firstMessage(searchQuerySchema.safeParse({ offset })), offset).toBe(messages.searchOffsetInvalid);
    }
    expect(searchQuerySchema.parse({ limit: '0' }).limit).toBe(0);
  });

  it('refuses a numeric filter that is not a number, and an overlong term', () => {
    expect(firstMessage(searchQuerySchema.safeParse({ voltage: 'lots' }))).toBe(messages.numberInvalid('Voltage (V)'));
    expect(firstMessage(searchQuerySchema.safeParse({ query: 'x'.repeat(201) }))).toBe(messages.searchTextTooLong(200));
  });
});

describe('number fields: range and step', () => {
  const parse = (field: string, value: unknown) =>
    componentInputSchema.safeParse({ reference: 'R-1', class: 'Relay', [field]: value });

  it('refuses negative values and more decimals than the input step', () => {
    expect(firstMessage(parse('width', -5))).toBe('Width (mm) must be 0 or more');
    expect(firstMessage(parse('width', '12.345'))).toBe('Width (mm) can have at most 2 decimal places');
    expect(firstMessage(parse('voltage', 24.05))).toBe('Voltage (V) can have at most 1 decimal place');
    expect(firstMessage(parse('numberOfTerminals', -1))).toBe('Number of Terminals must be 0 or more');
  });

  it('takes values on the step, binary rounding included', () => {
    expect(parse('width', '12.34').data?.width).toBe(12.34);
    expect(parse('weight', 0.125).data?.weight).toBe(0.125);
    expect(parse('voltage', 0.1 + 0.2).success).toBe(true);
    expect(parse('depth', 0).data?.depth).toBe(0);
  });
});
