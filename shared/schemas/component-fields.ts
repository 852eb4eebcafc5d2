import { findQuantity, readWireSizes, wireGaugeRange, wireSectionRange, type Quantity, type WireRange } from '../units';

/*
 * Every field of a component, declared once. The API's schemas, the table's items, the search
 * index and its filters, the Add form's tabs, the detail page's groups, the Advanced Search
 * panel, the import's column headings and the export's columns are all read from this list, so
 * a new field is one entry here. The list's order is the fields' order on the Add form, tab by
 * tab, and the export's column order.
 */

/** The Add form's tabs, in order; the Advanced Search panel groups its filters the same way. */
export const formTabs = [
  { id: 'basic', title: 'Basic Information' },
  { id: 'technical', title: 'Technical Details' },
  { id: 'physical', title: 'Physical Properties' },
  { id: 'electrical', title: 'Electrical Properties' },
  { id: 'wire', title: 'Wire Specifications' },
  { id: 'tooling', title: 'Tooling' },
  { id: 'files', title: 'Files & Documents' },
] as const;
export type FormTabId = (typeof formTabs)[number]['id'];

/** The detail page's Technical Specs groups, in order. */
export const technicalGroups = [
  { id: 'physical', title: 'Physical Properties' },
  { id: 'electricalSpecifications', title: 'Electrical Specifications' },
  { id: 'electricalProperties', title: 'Electrical Properties' },
  { id: 'wire', title: 'Wire Specifications' },
  { id: 'tooling', title: 'Tooling' },
] as const;
export type TechnicalGroupId = (typeof technicalGroups)[number]['id'];

/** Where a field's values are offered on the Add form. */
export type OptionList = 'manufacturers' | 'classes' | 'types';

interface Common<N extends string> {
  name: N;
  label: string;
  /** Its tab on the Add form (and its group on the Advanced Search panel); none for a derived field. */
  tab?: FormTabId;
  /** Its group on the detail page's Technical Specs tab. */
  technical?: TechnicalGroupId;
  /** Other column headings an import reads as this field (makers' and SOLIDWORKS Electrical's). */
  headings?: readonly string[];
}

export interface TextDefinition<N extends string = string> extends Common<N> {
  kind: 'text' | 'long-text';
  /** Reference and Class: a component cannot be filed without them. */
  required?: boolean;
  /** The quick search ('All Fields') looks in it. */
  quick?: boolean;
  /** The Advanced Search panel filters on it (a case-insensitive match of its words). */
  filter?: boolean;
  /** Compared in part-number form too: separators and case do not matter. */
  partNumber?: boolean;
  /** Its values are counted beside the results. */
  facet?: boolean;
  /** Held in every catalogue language. */
  translatable?: boolean;
  /** The Add form offers the catalogue's values (and 'Other…' then free text when `allowOther`). */
  options?: { list: OptionList; placeholder: string; allowOther?: boolean };
  /** Filled by the server, never typed or imported (the session's user). */
  system?: boolean;
}

export interface NumberDefinition<N extends string = string> extends Common<N> {
  kind: 'number' | 'integer';
  /** The unit values are kept in, and the quantity whose other units are converted on the way in. */
  quantity?: Quantity;
  unit?: string;
  /** The smallest value and the input's step (its decimals are the most a value may carry). */
  min: number;
  step: string;
  /** The Advanced Search panel's from–to range; `param` when the query string names it otherwise. */
  range?: boolean | { param: string };
}

/**
 * A number worked out from text fields as written (the current of '16 A (IEC)', the wire range
 * of '0,5 - 2,5 mm²'): answered and searched, never typed, imported or stored, so what a
 * designer wrote stays the only truth and a better reader applies to every part at once.
 */
export interface DerivedDefinition<N extends string = string> extends Common<N> {
  kind: 'derived';
  /** Only the Advanced Search panel's group: a derived number is not on the Add form. */
  tab?: FormTabId;
  quantity?: Quantity;
  unit: string;
  range?: boolean | { param: string };
  /** The text fields it is read from (a value that cannot be read is reported). */
  from: readonly string[];
  derive: (component: Readonly<Record<string, unknown>>) => number | undefined;
}

export interface FileDefinition<N extends string = string> extends Common<N> {
  kind: 'file';
  /** What its upload accepts: the datasheet PDF only, the SWE Symbol images only. */
  accept: 'pdf' | 'image' | 'any';
}

/** One value a choice field takes: its code (what the API and the table hold) and its label for people. */
export interface Choice {
  value: string;
  label: string;
  /** What a badge shows when the label is long ('NRND'). */
  short?: string;
  /** Parts holding it come after the others of their relevance group in search results. */
  ranksLast?: boolean;
}

/**
 * A value from a fixed list (a part's lifecycle). Input takes a choice's code or its label, in
 * any case; anything else is refused, naming the choices.
 */
export interface ChoiceDefinition<N extends string = string> extends Common<N> {
  kind: 'choice';
  choices: readonly Choice[];
  /** The value of a part that has none. */
  absent: string;
  /** Its values are counted beside the results, and chosen with `<name>=a,b`. */
  facet?: boolean;
  /**
   * When its value was last confirmed and from where (a person's approved edit, an import) is
   * kept beside it, as `<name>ConfirmedAt` and `<name>Source`: answered, never typed.
   */
  confirmed?: boolean;
}

export type FieldDefinition = TextDefinition | NumberDefinition | FileDefinition | DerivedDefinition | ChoiceDefinition;

/*
 * The builders keep each option's literal type, so the lists read from the declarations
 * (the quick-search fields, the filters, the facets) are typed as exactly those fields.
 */
type TextOptions = Omit<Partial<TextDefinition>, 'name' | 'label' | 'tab' | 'kind'>;
type NumberOptions = Omit<Partial<NumberDefinition>, 'name' | 'label' | 'tab' | 'kind'>;
type ChoiceOptions = Omit<ChoiceDefinition, 'name' | 'label' | 'tab' | 'kind'>;

const text = <const N extends string, const O extends TextOptions = Record<never, never>>(
  name: N,
  label: string,
  tab: FormTabId,
  more?: O,
) => ({ name, label, tab, ...more, kind: 'text' }) as { name: N; label: string; tab: FormTabId; kind: 'text' } & O;
const longText = <const N extends string, const O extends TextOptions = Record<never, never>>(
  name: N,
  label: string,
  tab: FormTabId,
  more?: O,
) =>
  ({ name, label, tab, ...more, kind: 'long-text' }) as {
    name: N;
    label: string;
    tab: FormTabId;
    kind: 'long-text';
  } & O;
const number = <const N extends string, const O extends NumberOptions & { min: number; step: string }>(
  name: N,
  label: string,
  tab: FormTabId,
  more: O,
) => ({ name, label, tab, ...more, kind: 'number' }) as { name: N; label: string; tab: FormTabId; kind: 'number' } & O;
const integer = <const N extends string, const O extends NumberOptions = Record<never, never>>(
  name: N,
  label: string,
  tab: FormTabId,
  more?: O,
) =>
  ({ name, label, tab, min: 0, step: '1', ...more, kind: 'integer' }) as {
    name: N;
    label: string;
    tab: FormTabId;
    kind: 'integer';
    min: number;
    step: string;
  } & O;
const derived = <const N extends string, const O extends Omit<DerivedDefinition, 'kind' | 'name' | 'label'>>(
  name: N,
  label: string,
  more: O,
) => ({ name, label, ...more, kind: 'derived' }) as { name: N; label: string; kind: 'derived' } & O;
const file = <const N extends string>(
  name: N,
  label: string,
  accept: FileDefinition['accept'],
  headings: readonly string[],
) => ({ name, label, tab: 'files', accept, headings, kind: 'file' }) as FileDefinition<N> & { kind: 'file' };

const choice = <const N extends string, const O extends ChoiceOptions>(
  name: N,
  label: string,
  tab: FormTabId,
  more: O,
) => ({ name, label, tab, ...more, kind: 'choice' }) as { name: N; label: string; tab: FormTabId; kind: 'choice' } & O;

/* Derived numbers read what the wire and current fields say as written. */
const wireTexts = (component: Readonly<Record<string, unknown>>, ...fields: string[]) =>
  fields.map((field) => (typeof component[field] === 'string' ? (component[field] as string) : undefined));
/** A part's wire sizes, read once per component object for the four numbers that need them. */
const readSizes = new WeakMap<object, { sections: number[]; gauges: number[] }>();
const wireSizes = (component: Readonly<Record<string, unknown>>) => {
  const known = readSizes.get(component);
  if (known) return known;
  const sections = readWireSizes(wireTexts(component, 'minWireSection', 'maxWireSection'), 'mm²');
  const gauges = readWireSizes(wireTexts(component, 'minWireGauge', 'maxWireGauge'), 'AWG');
  const sizes = {
    sections: [...sections.sections, ...gauges.sections],
    gauges: [...sections.gauges, ...gauges.gauges],
  };
  readSizes.set(component, sizes);
  return sizes;
};
const wireFields = ['minWireSection', 'maxWireSection', 'minWireGauge', 'maxWireGauge'];
const end = (range: WireRange | undefined, which: 'min' | 'max') => range?.[which];

export const componentFieldDefinitions = [
  text('reference', 'Reference', 'basic', {
    required: true,
    quick: true,
    filter: true,
    partNumber: true,
    headings: ['Ref', 'Part number', 'Part no', 'Manufacturer part number', 'MPN'],
  }),
  text('class', 'Class', 'basic', {
    required: true,
    quick: true,
    filter: true,
    facet: true,
    options: { list: 'classes', placeholder: 'Select class' },
    headings: ['Classification', 'Component class'],
  }),
  text('manufacturer', 'Manufacturer', 'basic', {
    quick: true,
    filter: true,
    partNumber: true,
    facet: true,
    options: { list: 'manufacturers', placeholder: 'Select manufacturer', allowOther: true },
    headings: ['Manufacturer name', 'Maker'],
  }),
  text('type', 'Type', 'basic', {
    quick: true,
    filter: true,
    facet: true,
    options: { list: 'types', placeholder: 'Select type', allowOther: true },
    headings: ['Component type'],
  }),
  text('articleNumber', 'Article Number', 'basic', {
    quick: true,
    partNumber: true,
    headings: ['Article no', 'Article nr'],
  }),
  text('series', 'Series', 'basic', { quick: true, partNumber: true, facet: true }),
  text('commercialReference', 'Commercial Reference', 'basic', {
    quick: true,
    partNumber: true,
    translatable: true,
    headings: ['Commercial reference', 'Commercial ref'],
  }),
  text('supplierName', 'Supplier Name', 'basic', { headings: ['Supplier name', 'Supplier'] }),
  text('stockNumber', 'Stock Number', 'basic', { headings: ['Stock number', 'Stock no'] }),
  longText('description', 'Description', 'basic', { quick: true, filter: true, translatable: true }),
  // Whether a part is still made: the states makers and distributors publish (Texas Instruments'
  // ACTIVE, NRND, LIFEBUY, OBSOLETE; Digi-Key's product status), 'unknown' until someone says.
  choice('lifecycle', 'Lifecycle', 'basic', {
    choices: [
      { value: 'active', label: 'Active' },
      { value: 'nrnd', label: 'NRND (not recommended for new designs)', short: 'NRND', ranksLast: true },
      { value: 'last-time-buy', label: 'Last time buy' },
      { value: 'obsolete', label: 'Obsolete', ranksLast: true },
      { value: 'unknown', label: 'Unknown' },
    ],
    absent: 'unknown',
    facet: true,
    confirmed: true,
    headings: ['Lifecycle status', 'Lifecycle state'],
  }),

  text('terminalType', 'Terminal Type', 'technical', { filter: true, facet: true, technical: 'electricalProperties' }),
  integer('numberOfTerminals', 'Number of Terminals', 'technical', {
    range: true,
    technical: 'electricalProperties',
    headings: ['Terminals', 'Nb terminals'],
  }),
  text('terminalStripSymbol', 'Terminal Strip Symbol', 'technical', { headings: ['Terminal strip symbol'] }),
  text('terminalMarks', 'Terminal Marks', 'technical', { headings: ['Terminal marks'] }),
  text('connectionLabel', 'Connection Label', 'technical', { headings: ['Connection label'] }),
  text('circuitType', 'Circuit Type', 'technical', {
    facet: true,
    technical: 'electricalProperties',
    headings: ['Circuit type'],
  }),
  text('circuitGroup', 'Circuit Group', 'technical', { technical: 'electricalProperties' }),
  text('plcChannelGroup', 'PLC Channel Group', 'technical', { technical: 'electricalProperties' }),
  text('plcChannelAddress', 'PLC Channel Address', 'technical', { technical: 'electricalProperties' }),
  text('symbol', 'Symbol', 'technical'),
  text('library', 'Library', 'technical'),
  text('markRoot', 'Mark Root', 'technical', { headings: ['Mark root'] }),
  text('lineDiagram', 'Line Diagram', 'technical'),
  text('twoDFootprint', '2D Footprint', 'technical', { headings: ['2D footprint', 'Footprint 2D'] }),
  text('printedCircuitBoardFile', 'Printed Circuit Board File', 'technical', {
    headings: ['PCB file', 'Printed circuit board file'],
  }),
  text('translatableText2', 'Translatable Text 2', 'technical', {
    translatable: true,
    headings: ['Translatable text 2'],
  }),
  text('translatableText3', 'Translatable Text 3', 'technical', {
    translatable: true,
    headings: ['Translatable text 3'],
  }),
  text('userData4', 'User Data 4', 'technical', { headings: ['User data 4'] }),
  text('value1', 'Value 1', 'technical', { headings: ['Mating connector P/N', 'Mating connector part number'] }),
  text('value2', 'Value 2', 'technical'),
  text('value3', 'Value 3', 'technical'),
  text('value4', 'Value 4', 'technical'),
  text('value5', 'Value 5', 'technical'),
  text('value6', 'Value 6', 'technical'),
  text('value7', 'Value 7', 'technical'),

  number('width', 'Width (mm)', 'physical', {
    quantity: 'length',
    unit: 'mm',
    min: 0,
    step: '0.01',
    range: true,
    technical: 'physical',
  }),
  number('height', 'Height (mm)', 'physical', {
    quantity: 'length',
    unit: 'mm',
    min: 0,
    step: '0.01',
    range: true,
    technical: 'physical',
  }),
  number('depth', 'Depth (mm)', 'physical', {
    quantity: 'length',
    unit: 'mm',
    min: 0,
    step: '0.01',
    range: true,
    technical: 'physical',
  }),
  number('weight', 'Weight (kg)', 'physical', {
    quantity: 'mass',
    unit: 'kg',
    min: 0,
    step: '0.001',
    range: true,
    technical: 'physical',
  }),
  text('orientation', 'Orientation', 'physical', { filter: true, facet: true, technical: 'physical' }),

  number('voltage', 'Voltage (V)', 'electrical', {
    quantity: 'voltage',
    unit: 'V',
    min: 0,
    step: '0.1',
    range: true,
    technical: 'electricalSpecifications',
  }),
  number('frequency', 'Frequency (Hz)', 'electrical', {
    quantity: 'frequency',
    unit: 'Hz',
    min: 0,
    step: '0.1',
    range: true,
    technical: 'electricalSpecifications',
  }),
  number('voltage2', 'Voltage 2 (V)', 'electrical', {
    quantity: 'voltage',
    unit: 'V',
    min: 0,
    step: '0.1',
    range: true,
    technical: 'electricalSpecifications',
    headings: ['Alternate voltage'],
  }),
  number('frequency2', 'Frequency 2 (Hz)', 'electrical', {
    quantity: 'frequency',
    unit: 'Hz',
    min: 0,
    step: '0.1',
    technical: 'electricalSpecifications',
    headings: ['Alternate frequency'],
  }),
  text('current', 'Current', 'electrical', { technical: 'electricalSpecifications' }),
  derived('currentAmps', 'Current (A)', {
    tab: 'electrical',
    quantity: 'current',
    unit: 'A',
    range: { param: 'current' },
    from: ['current'],
    derive: (component) =>
      findQuantity(typeof component.current === 'string' ? component.current : undefined, 'current'),
  }),
  integer('numberOfCircuits', 'Number of Circuits', 'electrical', {
    range: true,
    technical: 'electricalProperties',
    headings: ['Circuits', 'Nb circuits'],
  }),
  text('mnemonic', 'Mnemonic', 'electrical', { filter: true, technical: 'electricalProperties' }),

  integer('maxWireNumber', 'Max Wire Number', 'wire', { range: true, technical: 'wire' }),
  text('maxWireSection', 'Max Wire Section', 'wire', { filter: true, technical: 'wire' }),
  text('minWireSection', 'Min Wire Section', 'wire', { filter: true, technical: 'wire' }),
  text('maxWireGauge', 'Max Wire Gauge', 'wire', { filter: true, technical: 'wire' }),
  text('minWireGauge', 'Min Wire Gauge', 'wire', { filter: true, technical: 'wire' }),
  derived('wireSectionMin', 'Wire Section from (mm²)', {
    quantity: 'wireSection',
    unit: 'mm²',
    from: wireFields,
    derive: (component) => end(wireSectionRange(wireSizes(component)), 'min'),
  }),
  derived('wireSectionMax', 'Wire Section to (mm²)', {
    quantity: 'wireSection',
    unit: 'mm²',
    from: wireFields,
    derive: (component) => end(wireSectionRange(wireSizes(component)), 'max'),
  }),
  derived('wireGaugeMin', 'Wire Gauge from (AWG)', {
    unit: 'AWG',
    from: wireFields,
    derive: (component) => end(wireGaugeRange(wireSizes(component)), 'min'),
  }),
  derived('wireGaugeMax', 'Wire Gauge to (AWG)', {
    unit: 'AWG',
    from: wireFields,
    derive: (component) => end(wireGaugeRange(wireSizes(component)), 'max'),
  }),
  text('wireTerminationType', 'Wire Termination Type', 'wire', { facet: true, technical: 'wire' }),

  text('toolCrimp', 'Crimp Tool', 'tooling', {
    filter: true,
    partNumber: true,
    technical: 'tooling',
    headings: ['Crimp tool', 'Tool crimp'],
  }),
  text('turretPositionerDieHead', 'Turret / Positioner / Die Head', 'tooling', {
    filter: true,
    partNumber: true,
    technical: 'tooling',
  }),
  text('insertionExtractionTool', 'Insertion / Extraction Tool', 'tooling', {
    filter: true,
    partNumber: true,
    technical: 'tooling',
  }),

  file('dataSheet', 'Data Sheet', 'pdf', ['Datasheet URL', 'Data sheet URL']),
  file('threeDPart', '3D Symbol', 'any', ['3D part', '3D symbol', '3D model']),
  file('scheme', 'SWE Symbol', 'image', ['SWE symbol', 'Schematic symbol']),

  { name: 'username', label: 'Username', kind: 'text', system: true } as const,
] as const;

/**
 * Filters on a range a part holds: `wireSection=2.5` finds the parts whose wire-section range
 * contains 2.5 mm²; `wireGauge=14` the same for 14 AWG (2.08 mm²), so a part listed only in
 * mm² is found by its gauge and the other way round. Units are accepted in both.
 */
export const containsFilters = [
  {
    param: 'wireSection',
    label: 'Takes Wire Section (mm²)',
    tab: 'wire',
    low: 'wireSectionMin',
    high: 'wireSectionMax',
    assume: 'mm²',
  },
  {
    param: 'wireGauge',
    label: 'Takes Wire Gauge (AWG)',
    tab: 'wire',
    low: 'wireSectionMin',
    high: 'wireSectionMax',
    assume: 'AWG',
  },
] as const satisfies readonly {
  param: string;
  label: string;
  tab: FormTabId;
  low: string;
  high: string;
  assume: 'mm²' | 'AWG';
}[];
export type ContainsFilterParam = (typeof containsFilters)[number]['param'];
