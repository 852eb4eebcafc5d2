import * as z from 'zod';
import { fieldValueSchema, type ComponentField } from '#shared/schemas/component';
import type {
  DistributorFieldValue,
  DistributorProductData,
  PriceBreak,
  UnmappedParameter,
} from '#shared/schemas/distributor-fill';
import type { DistributorName } from '#shared/schemas/distributors';
import type { Lifecycle } from '#shared/schemas/choice-fields';
import { parseQuantity, type Quantity } from '#shared/units';

/*
 * The mapping table: which catalogue field each Digi-Key v4 parameter and Mouser attribute
 * fills, and how its value is read into the field's unit. Every name in it was seen in an answer
 * recorded from the real API (`seenIn` names the fixture, a unit test holds the table to it), so
 * the table grows by recording, never by guessing. Whatever no entry takes is returned as
 * unmapped, so nothing a distributor says is lost.
 */

type Reading =
  | { read: 'text' }
  | { read: 'integer' }
  | { read: 'quantity'; quantity: Quantity }
  /** A length written in inches with the metric size in brackets: '0.063" (1.60mm)'. */
  | { read: 'length' };

export type MappingEntry = Reading & { field: ComponentField; seenIn: string };

/** Digi-Key v4 `Parameters[].ParameterText` to a catalogue field. */
export const digiKeyParameterMap: Readonly<Record<string, MappingEntry>> = {
  'Number of Circuits': {
    field: 'numberOfCircuits',
    read: 'integer',
    seenIn: 'digikey-productdetails-296-LM358BAIPWRCT-ND',
  },
  'Voltage - Supply': { field: 'voltage', read: 'quantity', quantity: 'voltage', seenIn: 'digikey-keyword-wago-857-4' },
  'Voltage - Supply Span (Max)': {
    field: 'voltage',
    read: 'quantity',
    quantity: 'voltage',
    seenIn: 'digikey-productdetails-296-LM358BAIPWRCT-ND',
  },
  'Termination Style': { field: 'wireTerminationType', read: 'text', seenIn: 'digikey-keyword-wago-857-4' },
  Type: { field: 'type', read: 'text', seenIn: 'digikey-keyword-wago-857-4' },
  'Inner Diameter - Supplied': { field: 'width', read: 'length', seenIn: 'digikey-keyword-3m-heat-shrink' },
};

/** Mouser `ProductAttributes[].AttributeName` to a catalogue field (its search answers carry few). */
export const mouserAttributeMap: Readonly<Record<string, MappingEntry>> = {};

/**
 * The answers' own properties that fill fields, per distributor: not parameters, but named here
 * beside them so the table is the one place a reader looks.
 */
export const digiKeyPropertyMap = {
  'Description.DetailedDescription': 'description',
  'Manufacturer.Name': 'manufacturer',
  'Series.Name': 'series',
  DatasheetUrl: 'dataSheet',
  'ProductStatus.Status': 'lifecycle',
} as const satisfies Record<string, ComponentField>;
export const mouserPropertyMap = {
  Description: 'description',
  Manufacturer: 'manufacturer',
  DataSheetUrl: 'dataSheet',
  'UnitWeightKg.UnitWeight': 'weight',
  LifecycleStatus: 'lifecycle',
} as const satisfies Record<string, ComponentField>;

/* ------------------------------------------------------------------ lifecycle */

/**
 * The lifecycle a distributor's status words mean. Digi-Key's product status ('Active',
 * 'Obsolete', 'Last Time Buy', 'Not For New Designs'; 'Discontinued at Digi-Key' says only that
 * Digi-Key stopped selling it) and Mouser's `LifecycleStatus` ('New Product', 'End of Life',
 * 'Obsolete', 'Not Recommended for New Designs'; null for most parts). Words it does not know
 * say nothing: undefined, never a guess.
 */
export const lifecycleOfStatus = (status: string | null | undefined): Lifecycle | undefined => {
  const words = (status ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (!words) return undefined;
  if (words === 'active' || words === 'new product') return 'active';
  if (words === 'obsolete') return 'obsolete';
  if (words === 'last time buy' || words === 'end of life') return 'last-time-buy';
  if (words === 'not for new designs' || words === 'not recommended for new designs' || words === 'nrnd') return 'nrnd';
  return undefined;
};

/* ------------------------------------------------------------------ reading values */

const INCH_WITH_METRIC = /\(([\d.,]+)\s*mm\)/i;

/** A value read for its field, or undefined when the field cannot take it as written. */
const readValue = (entry: Reading, text: string): string | number | undefined => {
  const trimmed = text.trim();
  switch (entry.read) {
    case 'text':
      return trimmed;
    case 'integer':
      return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
    case 'quantity':
      return parseQuantity(trimmed, entry.quantity);
    case 'length': {
      const metric = INCH_WITH_METRIC.exec(trimmed);
      return metric ? parseQuantity(`${metric[1]} mm`, 'length') : parseQuantity(trimmed, 'length');
    }
  }
};

/** Digi-Key and Mouser write '-' or '' where a product has no value. */
const isBlank = (text: string | null | undefined): text is null | undefined | '' =>
  text === null || text === undefined || text.trim() === '' || text.trim() === '-';

/** Collects the values an answer gives: the first value a field gets wins (parameters in the answer's order). */
const collector = () => {
  const values: DistributorFieldValue[] = [];
  const unmapped: UnmappedParameter[] = [];
  const taken = new Set<string>();
  return {
    values,
    unmapped,
    put(field: ComponentField, value: string | number | undefined, asWritten: string, from: string) {
      if (value === undefined || value === '') {
        unmapped.push({ name: from, value: asWritten, reason: 'unreadable' });
        return;
      }
      // A value its field refuses (too long, too many decimals) is still shown: the dialog says why.
      if (taken.has(field)) {
        unmapped.push({ name: from, value: asWritten, reason: 'no-field' });
        return;
      }
      taken.add(field);
      values.push({ field, value, asWritten, from });
    },
    parameter(table: Readonly<Record<string, MappingEntry>>, name: string, text: string | null | undefined) {
      if (isBlank(text)) return;
      const entry = table[name];
      if (!entry) unmapped.push({ name, value: text, reason: 'no-field' });
      else this.put(entry.field, readValue(entry, text), text, name);
    },
  };
};

/** Scheme-relative datasheet links (`//mm.digikey.com/...`) are https. */
const webAddress = (url: string | null | undefined): string | undefined => {
  if (isBlank(url)) return undefined;
  const address = url.trim().startsWith('//') ? `https:${url.trim()}` : url.trim();
  return /^https?:\/\//i.test(address) ? address : undefined;
};

/** Whether a value fits its field as an edit would check it; the refusal's words otherwise. */
export const fieldProblem = (field: ComponentField, value: unknown): string | null => {
  const parsed = fieldValueSchema(field).safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not a value this field takes');
};

/* ------------------------------------------------------------------ Digi-Key */

const digiKeyProduct = z.looseObject({
  ManufacturerProductNumber: z.string().nullish(),
  Manufacturer: z.object({ Name: z.string().nullish() }).nullish(),
  Description: z
    .object({ ProductDescription: z.string().nullish(), DetailedDescription: z.string().nullish() })
    .nullish(),
  DatasheetUrl: z.string().nullish(),
  ProductUrl: z.string().nullish(),
  QuantityAvailable: z.number().nullish(),
  ProductStatus: z.object({ Status: z.string().nullish() }).nullish(),
  Discontinued: z.boolean().nullish(),
  EndOfLife: z.boolean().nullish(),
  Series: z.object({ Name: z.string().nullish() }).nullish(),
  Parameters: z.array(z.object({ ParameterText: z.string().nullish(), ValueText: z.string().nullish() })).nullish(),
  ProductVariations: z
    .array(
      z.object({
        DigiKeyProductNumber: z.string().nullish(),
        StandardPricing: z.array(z.object({ BreakQuantity: z.number(), UnitPrice: z.number() })).nullish(),
      }),
    )
    .nullish(),
  Category: z.object({ Name: z.string().nullish() }).nullish(),
});

/**
 * A Digi-Key v4 product (of a keyword search or product details) read through the table: the
 * lifecycle from `ProductStatus` (or `EndOfLife`, when the status says nothing), the parameters,
 * the stock, and the price breaks of its first variation that has any (the locale's currency).
 */
export const readDigiKeyProduct = (
  raw: unknown,
  options: { currency?: string; productNumber?: string | null } = {},
): DistributorProductData | undefined => {
  const parsed = digiKeyProduct.safeParse(raw);
  if (!parsed.success || !parsed.data.ManufacturerProductNumber?.trim()) return undefined;
  const product = parsed.data;
  const out = collector();
  const description = product.Description?.DetailedDescription ?? product.Description?.ProductDescription;
  if (!isBlank(description)) out.put('description', description.trim(), description, 'Description.DetailedDescription');
  const maker = product.Manufacturer?.Name;
  if (!isBlank(maker)) out.put('manufacturer', maker.trim(), maker, 'Manufacturer.Name');
  const series = product.Series?.Name;
  if (!isBlank(series)) out.put('series', series.trim(), series, 'Series.Name');
  const datasheet = webAddress(product.DatasheetUrl);
  if (datasheet) out.put('dataSheet', datasheet, product.DatasheetUrl!, 'DatasheetUrl');

  const status = product.ProductStatus?.Status;
  const lifecycle = lifecycleOfStatus(status) ?? (product.EndOfLife ? 'obsolete' : undefined);
  if (lifecycle) out.put('lifecycle', lifecycle, status ?? 'EndOfLife', status ? 'ProductStatus.Status' : 'EndOfLife');
  else if (!isBlank(status)) out.unmapped.push({ name: 'ProductStatus.Status', value: status, reason: 'unreadable' });
  if (product.Discontinued) out.unmapped.push({ name: 'Discontinued', value: 'true', reason: 'no-field' });
  const category = product.Category?.Name;
  if (!isBlank(category)) out.unmapped.push({ name: 'Category', value: category, reason: 'no-field' });

  for (const parameter of product.Parameters ?? [])
    if (parameter.ParameterText) out.parameter(digiKeyParameterMap, parameter.ParameterText, parameter.ValueText);

  const variations = product.ProductVariations ?? [];
  const priced = variations.find((variation) => (variation.StandardPricing ?? []).length > 0);
  const priceBreaks: PriceBreak[] = (priced?.StandardPricing ?? []).map((step) => ({
    quantity: step.BreakQuantity,
    unitPrice: step.UnitPrice,
    currency: options.currency ?? 'USD',
  }));
  return {
    provider: 'digikey',
    productNumber: options.productNumber ?? priced?.DigiKeyProductNumber ?? variations[0]?.DigiKeyProductNumber ?? null,
    manufacturerPartNumber: product.ManufacturerProductNumber!.trim(),
    manufacturer: maker?.trim() ?? '',
    productUrl: product.ProductUrl ?? null,
    values: out.values,
    unmapped: out.unmapped,
    suggestedReplacement: null,
    stock: product.QuantityAvailable ?? null,
    priceBreaks,
  };
};

/* ------------------------------------------------------------------ Mouser */

const mouserPart = z.looseObject({
  ManufacturerPartNumber: z.string().nullish(),
  MouserPartNumber: z.string().nullish(),
  Manufacturer: z.string().nullish(),
  Description: z.string().nullish(),
  DataSheetUrl: z.string().nullish(),
  ProductDetailUrl: z.string().nullish(),
  Category: z.string().nullish(),
  LifecycleStatus: z.string().nullish(),
  SuggestedReplacement: z.string().nullish(),
  AvailabilityInStock: z.string().nullish(),
  UnitWeightKg: z.object({ UnitWeight: z.number().nullish() }).nullish(),
  ProductAttributes: z
    .array(z.object({ AttributeName: z.string().nullish(), AttributeValue: z.string().nullish() }))
    .nullish(),
  PriceBreaks: z
    .array(z.object({ Quantity: z.number(), Price: z.string().nullish(), Currency: z.string().nullish() }))
    .nullish(),
});

/** Mouser's prices are text in the locale's form: '$0.106', '¥32.8', '0,09 €'. */
const priceOf = (text: string | null | undefined): number | undefined => {
  const digits = (text ?? '').replace(/[^\d.,]/g, '');
  if (!digits) return undefined;
  // A comma followed by exactly one to three digits at the end and no dot is a decimal comma.
  const normal =
    /,\d{1,3}$/.test(digits) && !digits.includes('.') ? digits.replace(',', '.') : digits.replace(/,/g, '');
  const value = Number(normal);
  return Number.isFinite(value) ? value : undefined;
};

/**
 * A Mouser part (of a part-number or keyword search) read through the table: lifecycle and
 * suggested replacement, weight from `UnitWeightKg`, attributes (the same name may come several
 * times, as Packaging does), stock and price breaks.
 */
export const readMouserPart = (raw: unknown): DistributorProductData | undefined => {
  const parsed = mouserPart.safeParse(raw);
  if (!parsed.success || !parsed.data.ManufacturerPartNumber?.trim()) return undefined;
  const part = parsed.data;
  const out = collector();
  if (!isBlank(part.Description)) out.put('description', part.Description.trim(), part.Description, 'Description');
  if (!isBlank(part.Manufacturer)) out.put('manufacturer', part.Manufacturer.trim(), part.Manufacturer, 'Manufacturer');
  const datasheet = webAddress(part.DataSheetUrl);
  if (datasheet) out.put('dataSheet', datasheet, part.DataSheetUrl!, 'DataSheetUrl');
  const weight = part.UnitWeightKg?.UnitWeight;
  if (typeof weight === 'number' && weight > 0) out.put('weight', weight, `${weight} kg`, 'UnitWeightKg.UnitWeight');
  const lifecycle = lifecycleOfStatus(part.LifecycleStatus);
  if (lifecycle) out.put('lifecycle', lifecycle, part.LifecycleStatus!, 'LifecycleStatus');
  else if (!isBlank(part.LifecycleStatus))
    out.unmapped.push({ name: 'LifecycleStatus', value: part.LifecycleStatus, reason: 'unreadable' });
  if (!isBlank(part.Category)) out.unmapped.push({ name: 'Category', value: part.Category, reason: 'no-field' });
  for (const attribute of part.ProductAttributes ?? [])
    if (attribute.AttributeName) out.parameter(mouserAttributeMap, attribute.AttributeName, attribute.AttributeValue);

  const priceBreaks = (part.PriceBreaks ?? []).flatMap((step): PriceBreak[] => {
    const unitPrice = priceOf(step.Price);
    return unitPrice === undefined ? [] : [{ quantity: step.Quantity, unitPrice, currency: step.Currency ?? '' }];
  });
  const stock = Number(part.AvailabilityInStock);
  const mouserNumber = part.MouserPartNumber?.trim();
  return {
    provider: 'mouser',
    productNumber: mouserNumber && mouserNumber !== 'N/A' ? mouserNumber : null,
    manufacturerPartNumber: part.ManufacturerPartNumber!.trim(),
    manufacturer: part.Manufacturer?.trim() ?? '',
    productUrl: part.ProductDetailUrl ?? null,
    values: out.values,
    unmapped: out.unmapped,
    suggestedReplacement: isBlank(part.SuggestedReplacement) ? null : part.SuggestedReplacement.trim(),
    stock:
      part.AvailabilityInStock !== null && part.AvailabilityInStock !== undefined && Number.isFinite(stock)
        ? stock
        : null,
    priceBreaks,
  };
};

export const readProductData = (provider: DistributorName, raw: unknown) =>
  provider === 'digikey' ? readDigiKeyProduct(raw) : readMouserPart(raw);
