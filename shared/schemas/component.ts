import * as z from 'zod';
import { messages } from '../messages';
import { safeText } from './text';

/*
 * The Component: every field, grouped by kind. The lists drive the zod schemas
 * below, the repository's item mapping, the search index and the spreadsheet export, so a
 * field is named once.
 */

/** Plain text fields, in the catalogue's field order (the file fields are listed apart below). */
export const componentTextFields = [
  'reference',
  'class',
  'manufacturer',
  'type',
  'articleNumber',
  'series',
  'description',
  'library',
  'markRoot',
  'commercialReference',
  'translatableText2',
  'translatableText3',
  'toolCrimp',
  'turretPositionerDieHead',
  'insertionExtractionTool',
  'userData4',
  'supplierName',
  'stockNumber',
  'lineDiagram',
  'twoDFootprint',
  'connectionLabel',
  'printedCircuitBoardFile',
  'terminalType',
  'terminalStripSymbol',
  'value1',
  'value2',
  'value3',
  'value4',
  'value5',
  'value6',
  'value7',
  'circuitType',
  'circuitGroup',
  'plcChannelGroup',
  'plcChannelAddress',
  'symbol',
  'terminalMarks',
  'mnemonic',
  'maxWireSection',
  'minWireSection',
  'maxWireGauge',
  'minWireGauge',
  'orientation',
  'wireTerminationType',
  'current',
  'username',
] as const;

/**
 * Files held as S3 objects (Lambda's 6 MB and DynamoDB's 400 KB limits). The table stores the object key; the API answers
 * with a URL, never a data URL.
 */
export const componentFileFields = ['dataSheet', 'threeDPart', 'scheme'] as const;

export const componentDecimalFields = [
  'width',
  'height',
  'depth',
  'weight',
  'voltage',
  'frequency',
  'voltage2',
  'frequency2',
] as const;

export const componentIntegerFields = ['numberOfCircuits', 'numberOfTerminals', 'maxWireNumber'] as const;

export type ComponentTextField = (typeof componentTextFields)[number];
export type ComponentFileField = (typeof componentFileFields)[number];
export type ComponentDecimalField = (typeof componentDecimalFields)[number];
export type ComponentIntegerField = (typeof componentIntegerFields)[number];
export type ComponentNumberField = ComponentDecimalField | ComponentIntegerField;
export type ComponentField = ComponentTextField | ComponentFileField | ComponentNumberField;

/** Every field in its documented order: the columns of an export. */
export const componentFields: readonly ComponentField[] = [
  'reference',
  'class',
  'manufacturer',
  'type',
  'articleNumber',
  'series',
  'description',
  'library',
  'dataSheet',
  'markRoot',
  'commercialReference',
  'translatableText2',
  'translatableText3',
  'toolCrimp',
  'turretPositionerDieHead',
  'insertionExtractionTool',
  'userData4',
  'supplierName',
  'stockNumber',
  'lineDiagram',
  'scheme',
  'threeDPart',
  'twoDFootprint',
  'connectionLabel',
  'printedCircuitBoardFile',
  'terminalType',
  'terminalStripSymbol',
  'value1',
  'value2',
  'value3',
  'value4',
  'value5',
  'value6',
  'value7',
  'circuitType',
  'circuitGroup',
  'plcChannelGroup',
  'plcChannelAddress',
  'symbol',
  'terminalMarks',
  'mnemonic',
  'maxWireSection',
  'minWireSection',
  'maxWireGauge',
  'minWireGauge',
  'orientation',
  'wireTerminationType',
  'current',
  'username',
  'width',
  'height',
  'depth',
  'weight',
  'voltage',
  'frequency',
  'voltage2',
  'frequency2',
  'numberOfCircuits',
  'numberOfTerminals',
  'maxWireNumber',
];

/** The unit a number may be written with ('12 mm', '24 V'); it is the field's unit or nothing. */
export const componentFieldUnits: Partial<Record<ComponentNumberField, string>> = {
  width: 'mm',
  height: 'mm',
  depth: 'mm',
  weight: 'kg',
  voltage: 'V',
  voltage2: 'V',
  frequency: 'Hz',
  frequency2: 'Hz',
};

/** Labels as the screens show them, for forms, messages and export headers. */
export const componentFieldLabels: Record<ComponentField, string> = {
  reference: 'Reference',
  class: 'Class',
  manufacturer: 'Manufacturer',
  type: 'Type',
  articleNumber: 'Article Number',
  series: 'Series',
  description: 'Description',
  library: 'Library',
  dataSheet: 'Data Sheet',
  markRoot: 'Mark Root',
  commercialReference: 'Commercial Reference',
  translatableText2: 'Translatable Text 2',
  translatableText3: 'Translatable Text 3',
  toolCrimp: 'Crimp Tool',
  turretPositionerDieHead: 'Turret / Positioner / Die Head',
  insertionExtractionTool: 'Insertion / Extraction Tool',
  userData4: 'User Data 4',
  supplierName: 'Supplier Name',
  stockNumber: 'Stock Number',
  lineDiagram: 'Line Diagram',
  scheme: 'SWE Symbol',
  threeDPart: '3D Symbol',
  twoDFootprint: '2D Footprint',
  connectionLabel: 'Connection Label',
  printedCircuitBoardFile: 'Printed Circuit Board File',
  terminalType: 'Terminal Type',
  terminalStripSymbol: 'Terminal Strip Symbol',
  value1: 'Value 1',
  value2: 'Value 2',
  value3: 'Value 3',
  value4: 'Value 4',
  value5: 'Value 5',
  value6: 'Value 6',
  value7: 'Value 7',
  circuitType: 'Circuit Type',
  circuitGroup: 'Circuit Group',
  plcChannelGroup: 'PLC Channel Group',
  plcChannelAddress: 'PLC Channel Address',
  symbol: 'Symbol',
  terminalMarks: 'Terminal Marks',
  mnemonic: 'Mnemonic',
  maxWireSection: 'Max Wire Section',
  minWireSection: 'Min Wire Section',
  maxWireGauge: 'Max Wire Gauge',
  minWireGauge: 'Min Wire Gauge',
  orientation: 'Orientation',
  wireTerminationType: 'Wire Termination Type',
  current: 'Current',
  username: 'Username',
  width: 'Width (mm)',
  height: 'Height (mm)',
  depth: 'Depth (mm)',
  weight: 'Weight (kg)',
  voltage: 'Voltage (V)',
  frequency: 'Frequency (Hz)',
  voltage2: 'Voltage 2 (V)',
  frequency2: 'Frequency 2 (Hz)',
  numberOfCircuits: 'Number of Circuits',
  numberOfTerminals: 'Number of Terminals',
  maxWireNumber: 'Max Wire Number',
};

export const COMPONENT_TEXT_MAX_LENGTH = 1000;
export const COMPONENT_DESCRIPTION_MAX_LENGTH = 5000;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a number as people type it: '12.5', '12,5', ' -3 ', and with the field's unit after it
 * ('12 mm', '24V'). Undefined when the text is not such a number.
 */
export const parseNumberText = (text: string, unit?: string): number | undefined => {
  const pattern = new RegExp(
    `^([+-]?(?:\\d+(?:[.,]\\d*)?|[.,]\\d+))\\s*${unit ? `(?:${escapeRegExp(unit)})?` : ''}$`,
    'i',
  );
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]!.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
};

/**
 * The smallest value and the step of each number field. Sizes, weights, voltages, frequencies and
 * counts are never negative, and a value carries no more decimals than its input's step: mm to
 * 0.01, kg to 0.001, V and Hz to 0.1, counts whole.
 */
export const componentNumberRules: Record<ComponentNumberField, { min: number; step: string }> = {
  width: { min: 0, step: '0.01' },
  height: { min: 0, step: '0.01' },
  depth: { min: 0, step: '0.01' },
  weight: { min: 0, step: '0.001' },
  voltage: { min: 0, step: '0.1' },
  frequency: { min: 0, step: '0.1' },
  voltage2: { min: 0, step: '0.1' },
  frequency2: { min: 0, step: '0.1' },
  numberOfCircuits: { min: 0, step: '1' },
  numberOfTerminals: { min: 0, step: '1' },
  maxWireNumber: { min: 0, step: '1' },
};

/** How many decimals a step allows ('0.01' → 2). */
const decimalsOf = (step: string): number => step.split('.')[1]?.length ?? 0;

/** Whether a value has no more decimals than `decimals` (allowing for binary rounding, 0.1 + 0.2). */
const fitsDecimals = (value: number, decimals: number): boolean => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** A decimal or integer field: a number, numeric text, or empty (null). */
const numberField = (field: ComponentNumberField, integer: boolean) => {
  const label = componentFieldLabels[field];
  const message = integer ? messages.wholeNumberInvalid(label) : messages.numberInvalid(label);
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((raw, ctx): number | null => {
      if (raw === undefined || raw === null) return null;
      if (typeof raw === 'string' && raw.trim() === '') return null;
      const value = typeof raw === 'number' ? raw : parseNumberText(raw, componentFieldUnits[field]);
      if (value === undefined || !Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const { min, step } = componentNumberRules[field];
      if (value < min) {
        ctx.addIssue({ code: 'custom', message: messages.numberTooSmall(label, min) });
        return z.NEVER;
      }
      if (!integer && !fitsDecimals(value, decimalsOf(step))) {
        ctx.addIssue({ code: 'custom', message: messages.numberTooPrecise(label, decimalsOf(step)) });
        return z.NEVER;
      }
      return value;
    });
};

/** Optional text: trimmed, at most `max` characters; empty becomes null. */
const textField = (field: ComponentField, max = COMPONENT_TEXT_MAX_LENGTH) =>
  safeText(componentFieldLabels[field], { error: messages.textInvalid(componentFieldLabels[field]) })
    .trim()
    .max(max, messages.textTooLong(componentFieldLabels[field], max))
    .nullish()
    .transform((value): string | null => (value ? value : null));

const requiredText = (field: ComponentField, message: string) =>
  safeText(componentFieldLabels[field], { error: message })
    .trim()
    .min(1, message)
    .max(COMPONENT_TEXT_MAX_LENGTH, message);

type Shape<K extends string, T extends z.ZodType> = { [P in K]: T };
const shapeOf = <K extends string, T extends z.ZodType>(keys: readonly K[], make: (key: K) => T): Shape<K, T> =>
  Object.fromEntries(keys.map((key) => [key, make(key)])) as Shape<K, T>;

const optionalTextFields = componentTextFields.filter(
  (field): field is Exclude<ComponentTextField, 'reference' | 'class'> => field !== 'reference' && field !== 'class',
);

/**
 * A component's fields as a caller sends them (a new component, an import row): Reference and
 * Class required; every other field optional; numbers from numbers or numeric text, empty as null.
 */
export const componentInputSchema = z.object({
  ...shapeOf(optionalTextFields, (field) =>
    textField(field, field === 'description' ? COMPONENT_DESCRIPTION_MAX_LENGTH : COMPONENT_TEXT_MAX_LENGTH),
  ),
  ...shapeOf(componentFileFields, (field) => textField(field)),
  ...shapeOf(componentDecimalFields, (field) => numberField(field, false)),
  ...shapeOf(componentIntegerFields, (field) => numberField(field, true)),
  reference: requiredText('reference', messages.referenceRequired),
  class: requiredText('class', messages.classRequired),
});
export type ComponentInput = z.output<typeof componentInputSchema>;
/** The fields of a component without its identity and bookkeeping. */
export type ComponentData = ComponentInput;

/** A component as the API answers: every field present, absent values null. */
export const componentSchema = z.object({
  id: z.number().int().positive(),
  ...shapeOf(componentTextFields, () => z.string().nullable()),
  ...shapeOf(componentFileFields, () => z.string().nullable()),
  ...shapeOf(componentDecimalFields, () => z.number().nullable()),
  ...shapeOf(componentIntegerFields, () => z.number().int().nullable()),
  reference: z.string(),
  class: z.string(),
  /** The component's own version number: 1 when created, one more with each approved edit. */
  version: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Component = z.output<typeof componentSchema>;

export const componentIdSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, messages.componentIdInvalid)
    .transform(Number),
});

/** `GET /api/components/{id}/files/{field}`: one of the component's file fields. */
export const componentFilePathSchema = componentIdSchema.extend({
  field: z.enum(componentFileFields, { error: messages.notFound }),
});

/* ---------------------------------------------------------------- search */

/** Quick search ('All Fields') looks in these. */
export const quickSearchFields = [
  'reference',
  'manufacturer',
  'class',
  'type',
  'description',
  'articleNumber',
  'series',
  'commercialReference',
] as const;

/** The Advanced Search panel's text inputs: each a case-insensitive substring filter on its field. */
export const searchTextFilterFields = [
  'reference',
  'manufacturer',
  'class',
  'type',
  'description',
  'terminalType',
  'orientation',
  'mnemonic',
  'maxWireSection',
  'minWireSection',
  'maxWireGauge',
  'minWireGauge',
  'toolCrimp',
  'turretPositionerDieHead',
  'insertionExtractionTool',
] as const satisfies readonly ComponentTextField[];

/**
 * The panel's numeric inputs. Each takes an exact value (`voltage=24`, the field's unit may
 * follow it) and a range (`voltageMin=24&voltageMax=230`, both ends included).
 */
export const searchNumberFilterFields = [
  'numberOfTerminals',
  'width',
  'height',
  'depth',
  'weight',
  'voltage',
  'voltage2',
  'frequency',
  'numberOfCircuits',
  'maxWireNumber',
] as const satisfies readonly ComponentNumberField[];

export type SearchTextFilterField = (typeof searchTextFilterFields)[number];
export type SearchNumberFilterField = (typeof searchNumberFilterFields)[number];

/** The query parameters of a numeric field's range: `voltageMin`, `voltageMax`. */
export const rangeParam = (field: SearchNumberFilterField, end: 'Min' | 'Max') => `${field}${end}` as const;
export type SearchRangeParam = ReturnType<typeof rangeParam>;

/** Result orders: relevance (the default), or one column's values (then reference). */
export const searchSortFields = ['relevance', 'reference', 'manufacturer', 'class', 'type'] as const;
export type SearchSortField = (typeof searchSortFields)[number];

/** Fields whose values are counted beside the results (facets). */
export const searchFacetFields = ['class', 'manufacturer', 'type'] as const;
export type SearchFacetField = (typeof searchFacetFields)[number];

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 1000;
export const SEARCH_MAX_OFFSET = 10_000_000;
export const SEARCH_TEXT_MAX_LENGTH = 200;

const pagingNumber = (fallback: number, max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number => {
      const text = raw?.trim() ?? '';
      if (text === '') return fallback;
      const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
      if (!(value <= max)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });

/** A search term: trimmed; empty means no filter. */
const searchText = z
  .string()
  .optional()
  .transform((raw, ctx): string | undefined => {
    const text = raw?.trim() ?? '';
    if (text.length > SEARCH_TEXT_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: messages.searchTextTooLong(SEARCH_TEXT_MAX_LENGTH) });
      return z.NEVER;
    }
    return text === '' ? undefined : text;
  });

/** The label of a numeric filter's input, or of one end of its range. */
export const searchNumberLabel = (field: SearchNumberFilterField, end?: 'Min' | 'Max'): string =>
  `${componentFieldLabels[field]}${end === 'Min' ? ' from' : end === 'Max' ? ' to' : ''}`;

const searchNumber = (field: SearchNumberFilterField, end?: 'Min' | 'Max') =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number | undefined => {
      const text = raw?.trim() ?? '';
      if (text === '') return undefined;
      const value = parseNumberText(text, componentFieldUnits[field]);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: messages.numberInvalid(searchNumberLabel(field, end)) });
        return z.NEVER;
      }
      return value;
    });

const choice = <T extends string>(values: readonly T[], message: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      const text = raw?.trim() ?? '';
      if (text === '') return undefined;
      if (!(values as readonly string[]).includes(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text as T;
    });

const flag = z
  .string()
  .optional()
  .transform((raw) => raw !== undefined && ['1', 'true', 'yes'].includes(raw.trim().toLowerCase()));

/**
 * The search state as `GET /api/components` reads it from the query string:
 * `query` (All Fields), `limit` (default 10, at most 1000), `offset` (default 0) and every
 * advanced filter; besides, a range per numeric filter (`voltageMin`, `voltageMax`),
 * `sort` and `order`, and `facets=true` for the counts beside the results. Empty filters are
 * dropped; unknown parameters are ignored.
 */
export const searchQuerySchema = z
  .object({
    query: searchText,
    limit: pagingNumber(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, messages.searchLimitInvalid(SEARCH_MAX_LIMIT)),
    offset: pagingNumber(0, SEARCH_MAX_OFFSET, messages.searchOffsetInvalid),
    ...shapeOf(searchTextFilterFields, () => searchText),
    ...shapeOf(searchNumberFilterFields, (field) => searchNumber(field)),
    ...shapeOf(
      searchNumberFilterFields.map((field) => rangeParam(field, 'Min')),
      (param) => searchNumber(param.slice(0, -3) as SearchNumberFilterField, 'Min'),
    ),
    ...shapeOf(
      searchNumberFilterFields.map((field) => rangeParam(field, 'Max')),
      (param) => searchNumber(param.slice(0, -3) as SearchNumberFilterField, 'Max'),
    ),
    sort: choice(searchSortFields, messages.searchSortInvalid),
    order: choice(['asc', 'desc'] as const, messages.searchOrderInvalid),
    facets: flag,
  })
  .superRefine((query, ctx) => {
    for (const field of searchNumberFilterFields) {
      const min = query[rangeParam(field, 'Min')];
      const max = query[rangeParam(field, 'Max')];
      if (min !== undefined && max !== undefined && min > max)
        ctx.addIssue({
          code: 'custom',
          path: [rangeParam(field, 'Min')],
          message: messages.searchRangeInvalid(componentFieldLabels[field]),
        });
    }
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** One value counted beside the results, with how many results filtering on it would leave. */
export const searchFacetValueSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });
/** The counts beside the results: the top values of class, manufacturer and type. */
export const searchFacetsSchema = z.object({
  class: z.array(searchFacetValueSchema),
  manufacturer: z.array(searchFacetValueSchema),
  type: z.array(searchFacetValueSchema),
});
export type SearchFacets = z.output<typeof searchFacetsSchema>;
/**
 * A search to offer when one finds nothing ('Did you mean …'): the same search with this text
 * for the quick search (`query`) or for one text filter.
 */
export const searchSuggestionSchema = z.object({
  field: z.enum(['query', ...searchTextFilterFields]),
  text: z.string(),
});
export type SearchSuggestion = z.output<typeof searchSuggestionSchema>;
export const searchSuggestionsSchema = z.array(searchSuggestionSchema);

/** The header that carries the facet counts (JSON, non-ASCII escaped) when `facets=true` is asked. */
export const FACETS_HEADER = 'X-Search-Facets';
/** The header that carries 'Did you mean' searches (JSON, non-ASCII escaped) when a search finds nothing. */
export const SUGGESTIONS_HEADER = 'X-Search-Suggestions';

/** JSON that fits in an HTTP header: every character outside printable ASCII as a \u escape. */
export const headerJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The dashboard's four counts, so it need not load every component to count them. */
export const catalogueStatsSchema = z.object({
  totalComponents: z.number().int(),
  withDatasheets: z.number().int(),
  manufacturers: z.number().int(),
  pendingApprovals: z.number().int(),
  /** Whose pending requests `pendingApprovals` counts: every request (admins) or the viewer's own. */
  pendingApprovalsScope: z.enum(['all', 'own']),
});
export type CatalogueStats = z.output<typeof catalogueStatsSchema>;

/**
 * `GET /api/components/options`: the catalogue's distinct manufacturers, classes and types, from
 * the search index (the add form merges them with its default choices).
 */
export const componentOptionsSchema = z.object({
  manufacturers: z.array(z.string()),
  classes: z.array(z.string()),
  types: z.array(z.string()),
});
export type ComponentOptions = z.output<typeof componentOptionsSchema>;

/** The header that carries a search's total; the pager reads it. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
