import * as z from 'zod';
import { languageName } from '../languages';
import { messages } from '../messages';
import { parseQuantity, parseWireSize } from '../units';
import { safeText } from './text';
import {
  absentChoice,
  choiceValues,
  choicesOf,
  componentChoiceFields,
  confirmationFields,
  isChoiceField,
  readChoice,
  type ChoiceValue,
  type ComponentChoiceField,
  type ConfirmationField,
} from './choice-fields';
import {
  componentFieldDefinitions,
  containsFilters,
  type ContainsFilterParam,
  type DerivedDefinition,
  type FileDefinition,
  type NumberDefinition,
  type TextDefinition,
} from './component-fields';

/*
 * The Component's fields come from their one declaration (component-fields.ts); the lists
 * below are read from it for the code that needs one kind of field at a time.
 */

type Definition = (typeof componentFieldDefinitions)[number];
type NameOf<D> = D extends { name: infer N } ? N : never;
const namesOf = <D extends Definition>(keep: (definition: Definition) => definition is D): NameOf<D>[] =>
  componentFieldDefinitions.filter(keep).map((definition) => definition.name as NameOf<D>);

type TextDef = Extract<Definition, { kind: 'text' | 'long-text' }>;
type FileDef = Extract<Definition, { kind: 'file' }>;
type DecimalDef = Extract<Definition, { kind: 'number' }>;
type IntegerDef = Extract<Definition, { kind: 'integer' }>;
type DerivedDef = Extract<Definition, { kind: 'derived' }>;

/** Plain text fields, in the catalogue's field order. */
export const componentTextFields = namesOf(
  (definition): definition is TextDef => definition.kind === 'text' || definition.kind === 'long-text',
);

/**
 * Files held as S3 objects (Lambda's 6 MB and DynamoDB's 400 KB limits). The table stores the object key; the API answers
 * with a URL, never a data URL.
 */
export const componentFileFields = namesOf((definition): definition is FileDef => definition.kind === 'file');
export const componentDecimalFields = namesOf((definition): definition is DecimalDef => definition.kind === 'number');
export const componentIntegerFields = namesOf((definition): definition is IntegerDef => definition.kind === 'integer');
/** Numbers read from text fields as written: answered and searched, never typed or stored. */
export const componentDerivedFields = namesOf((definition): definition is DerivedDef => definition.kind === 'derived');

export type ComponentTextField = NameOf<TextDef>;
export type ComponentFileField = NameOf<FileDef>;
export type ComponentDecimalField = NameOf<DecimalDef>;
export type ComponentIntegerField = NameOf<IntegerDef>;
export type ComponentDerivedField = NameOf<DerivedDef>;
export type ComponentNumberField = ComponentDecimalField | ComponentIntegerField;
/** A field a component is filed, edited, imported and exported with (every field but the derived numbers). */
export type ComponentField = ComponentTextField | ComponentFileField | ComponentNumberField | ComponentChoiceField;
export { componentChoiceFields, isChoiceField, type ComponentChoiceField };

/** Every field one gives a value, in the catalogue's order: the columns of an export. */
export const componentFields: readonly ComponentField[] = namesOf(
  (definition): definition is Exclude<Definition, DerivedDef> => definition.kind !== 'derived',
);

const definitionByName = new Map<string, Definition>(
  componentFieldDefinitions.map((definition) => [definition.name, definition]),
);
/** A field's declaration. */
export const fieldDefinition = <F extends ComponentField | ComponentDerivedField>(
  field: F,
): Extract<Definition, { name: F }> => definitionByName.get(field) as Extract<Definition, { name: F }>;

/* ------------------------------------------------------------- languages */

type TranslatableDef = Extract<Definition, { translatable: true }>;
/**
 * Fields held in every catalogue language (description, commercial reference, translatable
 * texts): the default language's value is the field itself, another language's value is
 * `<field>_<code>` (`description_de`), stored, edited, reviewed, searched, imported and
 * exported as a field of its own.
 */
export const translatableFields = namesOf(
  (definition): definition is TranslatableDef => 'translatable' in definition && definition.translatable === true,
);
export type TranslatableField = NameOf<TranslatableDef>;
export type TranslatedField = `${TranslatableField}_${string}`;
/** A field a value is given for: a component field or one of its other-language values. */
export type CatalogueField = ComponentField | TranslatedField;
/** The values a component holds in languages other than the default one. */
export type TranslatedValues = { [K in TranslatedField]?: string | null };

const translatableSet = new Set<string>(translatableFields);
export const isTranslatable = (field: string): field is TranslatableField => translatableSet.has(field);
export const translatedField = (field: TranslatableField, language: string): TranslatedField => `${field}_${language}`;
const translatedPattern = new RegExp(`^(${translatableFields.join('|')})_([a-z]{2})$`);
/** The field and language of an other-language value's name ('description_de'), else undefined. */
export const readTranslatedField = (name: string): { field: TranslatableField; language: string } | undefined => {
  const match = translatedPattern.exec(name);
  return match ? { field: match[1] as TranslatableField, language: match[2]! } : undefined;
};
/** The other-language values of a catalogue with these languages (the first is the default). */
export const translatedFields = (languages: readonly string[]): TranslatedField[] =>
  translatableFields.flatMap((field) => languages.slice(1).map((language) => translatedField(field, language)));
/**
 * Every field one gives a value in a catalogue with these languages, in the catalogue's order,
 * each translatable field followed by its other languages: the columns of an export.
 */
export const catalogueFields = (languages: readonly string[]): CatalogueField[] =>
  componentFields.flatMap((field): CatalogueField[] =>
    isTranslatable(field)
      ? [field, ...languages.slice(1).map((language) => translatedField(field, language))]
      : [field],
  );
/** `names` in the catalogue's field order, other-language values after their field. */
export const inFieldOrder = <T extends string>(names: Iterable<T>): T[] => {
  const rank = (name: string) => {
    const translated = readTranslatedField(name);
    const index = componentFields.indexOf((translated?.field ?? name) as ComponentField);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
};

/** Labels as the screens show them, for forms, messages and export headers. */
export const componentFieldLabels = Object.fromEntries(
  componentFieldDefinitions.map((definition) => [definition.name, definition.label]),
) as Record<ComponentField | ComponentDerivedField, string>;

/**
 * A field's column heading in a workbook: its label, an other-language value's with the
 * language's code in brackets ('Description (de)'), the two-letter codes SOLIDWORKS Electrical
 * names its language columns by. The import reads these back, and the language's name too.
 */
export const columnHeading = (name: CatalogueField): string => {
  const translated = readTranslatedField(name);
  return translated
    ? `${componentFieldLabels[translated.field]} (${translated.language})`
    : componentFieldLabels[name as ComponentField];
};

/** Any field's label, an other-language value's with its language: 'Description (German)'. */
export const fieldLabel = (name: string): string => {
  if (Object.hasOwn(componentFieldLabels, name)) return componentFieldLabels[name as ComponentField];
  const translated = readTranslatedField(name);
  return translated ? `${componentFieldLabels[translated.field]} (${languageName(translated.language)})` : name;
};

/** The unit a number is kept in ('mm', 'V'); other units of its quantity are converted on the way in. */
export const componentFieldUnits = Object.fromEntries(
  componentFieldDefinitions.flatMap((definition) =>
    (definition.kind === 'number' || definition.kind === 'derived') && definition.unit
      ? [[definition.name, definition.unit]]
      : [],
  ),
) as Partial<Record<ComponentNumberField | ComponentDerivedField, string>>;

/** A component's derived numbers, worked out from its text fields as written. */
export const derivedNumbers = (
  component: Readonly<Record<string, unknown>>,
): Record<ComponentDerivedField, number | null> =>
  Object.fromEntries(
    componentFieldDefinitions
      .filter((definition): definition is DerivedDef => definition.kind === 'derived')
      .map((definition) => [definition.name, (definition as DerivedDefinition).derive(component) ?? null]),
  ) as Record<ComponentDerivedField, number | null>;

export type { ContainsFilterParam, DerivedDefinition, FileDefinition, NumberDefinition, TextDefinition };
export { containsFilters };

export const COMPONENT_TEXT_MAX_LENGTH = 1000;
export const COMPONENT_DESCRIPTION_MAX_LENGTH = 5000;

/**
 * Reads a number field's value as people type it: '12.5', '12,5', ' -3 ', and with a unit of
 * the field's quantity after it, converted to the field's unit ('0.024 kV' is 24 V, '500 mA' is
 * 0.5 A, '2 cm' is 20 mm). Undefined when the text is not such a number.
 */
export const parseFieldNumber = (
  field: ComponentNumberField | ComponentDerivedField,
  text: string,
): number | undefined => {
  const definition = fieldDefinition(field);
  return parseQuantity(text, 'quantity' in definition ? definition.quantity : undefined);
};

/**
 * The smallest value and the step of each number field. Sizes, weights, voltages, frequencies and
 * counts are never negative, and a value carries no more decimals than its input's step: mm to
 * 0.01, kg to 0.001, V and Hz to 0.1, counts whole.
 */
export const componentNumberRules = Object.fromEntries(
  [...componentDecimalFields, ...componentIntegerFields].map((field) => {
    const { min, step } = fieldDefinition(field);
    return [field, { min, step }];
  }),
) as Record<ComponentNumberField, { min: number; step: string }>;

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
      const value = typeof raw === 'number' ? raw : parseFieldNumber(field, raw);
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

/** A value from the field's list: a code or a label in any case; empty becomes null. */
const choiceField = (field: ComponentChoiceField) => {
  const message = messages.choiceInvalid(
    componentFieldLabels[field],
    choicesOf(field).map((choice) => choice.label),
  );
  return z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((raw, ctx): string | null => {
      if (raw === undefined || raw === null || raw.trim() === '') return null;
      const value = readChoice(field, raw);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
};

/** Optional text: trimmed, at most `max` characters; empty becomes null. */
const textField = (field: CatalogueField, max = COMPONENT_TEXT_MAX_LENGTH) =>
  safeText(fieldLabel(field), { error: messages.textInvalid(fieldLabel(field)) })
    .trim()
    .max(max, messages.textTooLong(fieldLabel(field), max))
    .nullish()
    .transform((value): string | null => (value ? value : null));

/** The most characters a text field holds: a long text's (the description) or a line's. */
const textMaxLength = (field: ComponentTextField | ComponentFileField) =>
  fieldDefinition(field).kind === 'long-text' ? COMPONENT_DESCRIPTION_MAX_LENGTH : COMPONENT_TEXT_MAX_LENGTH;

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
export const componentFieldsSchema = z.object({
  ...shapeOf(optionalTextFields, (field) => textField(field, textMaxLength(field))),
  ...shapeOf(componentFileFields, (field) => textField(field)),
  ...shapeOf(componentDecimalFields, (field) => numberField(field, false)),
  ...shapeOf(componentIntegerFields, (field) => numberField(field, true)),
  ...shapeOf(componentChoiceFields, (field) => choiceField(field)),
  reference: requiredText('reference', messages.referenceRequired),
  class: requiredText('class', messages.classRequired),
});

/** An other-language value: text as its field's, in any language a caller names. */
const translatedValueSchema = (name: TranslatedField) =>
  textField(name, textMaxLength(readTranslatedField(name)!.field));

/**
 * The schema of one field's value: a component field's, or an other-language value's
 * (`description_de`) as its field's. Which languages the catalogue has is the service's check.
 */
export const fieldValueSchema = (name: CatalogueField) =>
  readTranslatedField(name)
    ? translatedValueSchema(name as TranslatedField)
    : componentFieldsSchema.shape[name as ComponentField];

/**
 * A component as a caller sends it: its fields (see componentFieldsSchema) and its values in
 * other languages (`description_de`), each checked as its field; other names are ignored.
 */
export const componentInputSchema = componentFieldsSchema.catchall(z.unknown()).transform((input, ctx) => {
  const output: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (Object.hasOwn(componentFieldsSchema.shape, name)) {
      output[name] = value;
      continue;
    }
    if (!readTranslatedField(name)) continue;
    const parsed = translatedValueSchema(name as TranslatedField).safeParse(value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: [name], message: parsed.error.issues[0]!.message });
    else if (parsed.data !== null) output[name] = parsed.data;
  }
  return output as z.output<typeof componentFieldsSchema> & TranslatedValues;
});
export type ComponentInput = z.output<typeof componentFieldsSchema> & TranslatedValues;

/**
 * The input schema cut down to these fields (other-language values among them), the same
 * rules: what an import checks its rows with, without building sixty empty fields per row.
 */
export const componentInputSchemaFor = (names: Iterable<string>) =>
  z.object(
    Object.fromEntries(
      [...names].flatMap((name) =>
        Object.hasOwn(componentFieldsSchema.shape, name)
          ? [[name, componentFieldsSchema.shape[name as ComponentField]]]
          : readTranslatedField(name)
            ? [[name, translatedValueSchema(name as TranslatedField)]]
            : [],
      ),
    ),
  ) as unknown as z.ZodType<Partial<ComponentInput>>;
/** The fields of a component without its identity and bookkeeping. */
export type ComponentData = ComponentInput;

/** A component as the API answers: every field present, absent values null. */
export const componentSchema = z.object({
  id: z.number().int().positive(),
  ...shapeOf(componentTextFields, () => z.string().nullable()),
  ...shapeOf(componentFileFields, () => z.string().nullable()),
  ...shapeOf(componentDecimalFields, () => z.number().nullable()),
  ...shapeOf(componentIntegerFields, () => z.number().int().nullable()),
  ...shapeOf(componentDerivedFields, () => z.number().nullable()),
  /** A part without a value has the field's absent one (its lifecycle 'unknown'). */
  ...shapeOf(componentChoiceFields, (field) => z.enum(choiceValues(field))),
  /** When the value was last confirmed, and where from ('person: <name>', 'import'); null until then. */
  ...shapeOf(confirmationFields, () => z.string().nullable()),
  reference: z.string(),
  class: z.string(),
  /** The component's own version number: 1 when created, one more with each approved edit. */
  version: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Component = z.output<typeof componentSchema> & TranslatedValues;

/** A component with its derived numbers worked out from its text fields as they now are. */
export const withDerivedNumbers = <T extends Omit<Component, ComponentDerivedField>>(
  component: T,
): T & Record<ComponentDerivedField, number | null> => ({ ...component, ...derivedNumbers(component) });

/**
 * A component's values where it holds none: each choice field's absent value (its lifecycle
 * 'unknown'), and no confirmation.
 */
export const withAbsentValues = <T extends object>(
  component: T,
): Omit<T, ComponentChoiceField | ConfirmationField> &
  Record<ComponentChoiceField, ChoiceValue> &
  Record<ConfirmationField, string | null> => {
  const values = { ...component } as Record<string, unknown>;
  for (const field of confirmationFields) values[field] ??= null;
  for (const field of componentChoiceFields) values[field] ??= absentChoice(field);
  return values as ReturnType<typeof withAbsentValues<T>>;
};

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

type Flagged<Flag extends string> = Extract<Definition, { [K in Flag]: true }>;

/** Quick search ('All Fields') looks in these. */
export const quickSearchFields = namesOf(
  (definition): definition is Flagged<'quick'> => 'quick' in definition && definition.quick === true,
);

/** The Advanced Search panel's text inputs: each a case-insensitive substring filter on its field. */
export const searchTextFilterFields = namesOf(
  (definition): definition is Flagged<'filter'> => 'filter' in definition && definition.filter === true,
);

/** Fields compared in part-number form too: separators and case do not matter. */
export const partNumberSearchFields = namesOf(
  (definition): definition is Flagged<'partNumber'> => 'partNumber' in definition && definition.partNumber === true,
);

type RangeDef = Extract<Definition, { range: true | { param: string } }>;
type RangeParamOf<D> = D extends { range: { param: infer P } } ? P : D extends { name: infer N } ? N : never;
const rangeDefinitions = componentFieldDefinitions.filter(
  (definition): definition is RangeDef => 'range' in definition && definition.range !== undefined,
);

/**
 * The panel's numeric inputs, by their query parameter. Each takes an exact value
 * (`voltage=24`, a unit of the field's quantity may follow it) and a range
 * (`voltageMin=24&voltageMax=230`, both ends included). `current` ranges over the current
 * read from the Current text (`currentAmps`).
 */
export const searchNumberFilterFields = rangeDefinitions.map(
  (definition) =>
    (typeof definition.range === 'object' ? definition.range.param : definition.name) as RangeParamOf<RangeDef>,
);
export type SearchTextFilterField = (typeof searchTextFilterFields)[number];
export type SearchNumberFilterField = (typeof searchNumberFilterFields)[number];
export type SearchNumberColumn = NameOf<RangeDef>;

const columnByParam = new Map<string, SearchNumberColumn>(
  rangeDefinitions.map((definition, index) => [searchNumberFilterFields[index]!, definition.name]),
);
/** The number field a numeric filter ranges over. */
export const searchNumberColumn = (param: SearchNumberFilterField): SearchNumberColumn => columnByParam.get(param)!;

/** The label of a numeric filter: its number field's. */
const filterLabel = (param: SearchNumberFilterField): string => componentFieldLabels[searchNumberColumn(param)];

/** A numeric filter's value as typed, in its field's unit (undefined when it is no number). */
export const parseSearchNumber = (param: SearchNumberFilterField, text: string): number | undefined =>
  parseFieldNumber(searchNumberColumn(param), text);

/** A wire-size filter's value as typed, in mm² (undefined when it is no wire size). */
export const parseContainsFilter = (param: ContainsFilterParam, text: string): number | undefined =>
  parseWireSize(text, containsFilters.find((filter) => filter.param === param)!.assume);

/** The query parameters of a numeric field's range: `voltageMin`, `voltageMax`. */
export const rangeParam = (field: SearchNumberFilterField, end: 'Min' | 'Max') => `${field}${end}` as const;
export type SearchRangeParam = ReturnType<typeof rangeParam>;

/**
 * The query parameter that chooses values of a facet field exactly (`classIs=Relay`), several
 * joined by `|` (`manufacturerIs=ABB|Siemens`): a part is kept when its value is one of them,
 * compared without case, accents or surrounding spaces ("Relay" is not "Solid State Relay").
 * A field with a fixed list of values is chosen by its own name, its codes (or labels) joined
 * by commas (`lifecycle=obsolete,nrnd`), and a value not on the list is refused. Choices on
 * different fields must all hold.
 */
export const choiceParam = <F extends SearchFacetField>(field: F): ChoiceParamOf<F> =>
  (isChoiceField(field) ? field : `${field}Is`) as ChoiceParamOf<F>;
type ChoiceParamOf<F extends SearchFacetField> = F extends ComponentChoiceField ? F : `${F}Is`;
export type SearchChoiceParam = ChoiceParamOf<SearchFacetField>;
export const CHOICE_SEPARATOR = '|';
/** What separates the values chosen for a field: a comma for a fixed list's codes, else `|`. */
export const choiceSeparator = (field: SearchFacetField): string => (isChoiceField(field) ? ',' : CHOICE_SEPARATOR);
export const SEARCH_MAX_CHOICES = 50;

/** Result orders: relevance (the default), or one column's values (then reference). */
export const searchSortFields = ['relevance', 'reference', 'manufacturer', 'class', 'type'] as const;
export type SearchSortField = (typeof searchSortFields)[number];

/** Fields whose values are counted beside the results (facets). */
export const searchFacetFields = namesOf(
  (definition): definition is Flagged<'facet'> => 'facet' in definition && definition.facet === true,
);
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
  `${filterLabel(field)}${end === 'Min' ? ' from' : end === 'Max' ? ' to' : ''}`;

const searchNumber = (field: SearchNumberFilterField, end?: 'Min' | 'Max') =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number | undefined => {
      const text = raw?.trim() ?? '';
      if (text === '') return undefined;
      const value = parseSearchNumber(field, text);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: messages.numberInvalid(searchNumberLabel(field, end)) });
        return z.NEVER;
      }
      return value;
    });

/** A wire size a part must take: in mm², or in AWG (converted to mm²). */
const wireSize = (filter: (typeof containsFilters)[number]) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number | undefined => {
      const text = raw?.trim() ?? '';
      if (text === '') return undefined;
      const value = parseContainsFilter(filter.param, text);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: messages.numberInvalid(filter.label) });
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

/** A facet field's chosen values: split at `|`, trimmed, empty ones dropped. */
const choices = z
  .string()
  .optional()
  .transform((raw, ctx): string[] | undefined => {
    const values = (raw ?? '')
      .split(CHOICE_SEPARATOR)
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.length > SEARCH_MAX_CHOICES || values.some((value) => value.length > SEARCH_TEXT_MAX_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: messages.searchTextTooLong(SEARCH_TEXT_MAX_LENGTH) });
      return z.NEVER;
    }
    return values.length ? values : undefined;
  });

/** The codes chosen for a field with a fixed list: split at commas, each a code or a label. */
const listChoices = (field: ComponentChoiceField) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): string[] | undefined => {
      const texts = (raw ?? '')
        .split(choiceSeparator(field))
        .map((value) => value.trim())
        .filter(Boolean);
      const values: string[] = [];
      for (const text of texts) {
        const value = readChoice(field, text);
        if (value === undefined) {
          // The refused value is named, cut short: a query string can be long.
          const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
          ctx.addIssue({ code: 'custom', message: messages.searchChoiceInvalid(field, shown, choiceValues(field)) });
          return z.NEVER;
        }
        if (!values.includes(value)) values.push(value);
      }
      return values.length ? values : undefined;
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
const searchQueryObject = z.object({
  query: searchText,
  limit: pagingNumber(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, messages.searchLimitInvalid(SEARCH_MAX_LIMIT)),
  offset: pagingNumber(0, SEARCH_MAX_OFFSET, messages.searchOffsetInvalid),
  ...shapeOf(searchTextFilterFields, () => searchText),
  ...shapeOf(searchNumberFilterFields, (field) => searchNumber(field)),
  ...(Object.fromEntries(containsFilters.map((filter) => [filter.param, wireSize(filter)])) as Record<
    ContainsFilterParam,
    ReturnType<typeof wireSize>
  >),
  ...shapeOf(
    searchNumberFilterFields.map((field) => rangeParam(field, 'Min')),
    (param) => searchNumber(param.slice(0, -3) as SearchNumberFilterField, 'Min'),
  ),
  ...shapeOf(
    searchNumberFilterFields.map((field) => rangeParam(field, 'Max')),
    (param) => searchNumber(param.slice(0, -3) as SearchNumberFilterField, 'Max'),
  ),
  ...(Object.fromEntries(
    searchFacetFields.map((field) => [choiceParam(field), isChoiceField(field) ? listChoices(field) : choices]),
  ) as Record<SearchChoiceParam, typeof choices>),
  sort: choice(searchSortFields, messages.searchSortInvalid),
  order: choice(['asc', 'desc'] as const, messages.searchOrderInvalid),
  facets: flag,
  // The text exactly as typed: a search that finds nothing is not answered with a correction.
  asTyped: flag,
});

/** A range's lowest value may not be above its highest. */
export const refineSearchRanges = (query: Partial<Record<string, unknown>>, ctx: z.RefinementCtx) => {
  for (const field of searchNumberFilterFields) {
    const min = query[rangeParam(field, 'Min')] as number | undefined;
    const max = query[rangeParam(field, 'Max')] as number | undefined;
    if (min !== undefined && max !== undefined && min > max)
      ctx.addIssue({
        code: 'custom',
        path: [rangeParam(field, 'Min')],
        message: messages.searchRangeInvalid(filterLabel(field)),
      });
  }
};

export const searchQuerySchema = searchQueryObject.superRefine(refineSearchRanges);
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** A search's conditions without its paging and counts: what an export of every match reads. */
export const searchConditionsObject = searchQueryObject.omit({
  limit: true,
  offset: true,
  facets: true,
  asTyped: true,
});

/** One value counted beside the results, with how many results filtering on it would leave. */
export const searchFacetValueSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });
/**
 * A numeric filter's values among the results: the lowest, the highest, and a handful of ranges
 * splitting them, each with how many results it holds (what choosing it leaves).
 */
export const searchNumberFacetSchema = z.object({
  field: z.string(),
  min: z.number(),
  max: z.number(),
  ranges: z.array(z.object({ min: z.number(), max: z.number(), count: z.number().int().nonnegative() })),
});
export type SearchNumberFacet = z.output<typeof searchNumberFacetSchema>;

/**
 * The counts beside the results: for each facet field its most common values (and every chosen
 * one), each with how many parts choosing it shows, counted among the results as they would be
 * without that field's own choice; and for each numeric filter with values among the results,
 * its ranges. A field without values among the results answers none.
 */
export const searchFacetsSchema = z.object({
  // A field an answer does not count (a server older than the page) reads as none.
  ...shapeOf(searchFacetFields, () => z.array(searchFacetValueSchema).default([])),
  numbers: z.array(searchNumberFacetSchema).default([]),
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
/**
 * The search answered instead of the one asked for, when that found nothing and one 'Did you
 * mean' search was clearly right: its field and text, and the text as typed.
 */
export const searchCorrectionSchema = searchSuggestionSchema.extend({ original: z.string() });
export type SearchCorrection = z.output<typeof searchCorrectionSchema>;

/** The header that carries the facet counts (JSON, non-ASCII escaped) when `facets=true` is asked. */
export const FACETS_HEADER = 'X-Search-Facets';
/** The header that carries 'Did you mean' searches (JSON, non-ASCII escaped) when a search finds nothing. */
export const SUGGESTIONS_HEADER = 'X-Search-Suggestions';
/** The header that says which search was answered (JSON, non-ASCII escaped) when a misspelt one was corrected. */
export const CORRECTION_HEADER = 'X-Search-Corrected';

/** JSON that fits in an HTTP header: every character outside printable ASCII as a \u escape. */
export const headerJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The dashboard's counts, so it need not load every component to count them. */
export const catalogueStatsSchema = z.object({
  totalComponents: z.number().int(),
  withDatasheets: z.number().int(),
  manufacturers: z.number().int(),
  /** Parts per lifecycle, every value named (parts without one counted as unknown). */
  lifecycle: z.object(shapeOf(choiceValues('lifecycle'), () => z.number().int())),
  pendingApprovals: z.number().int(),
  /** Whose pending requests `pendingApprovals` counts: every request (admins) or the viewer's own. */
  pendingApprovalsScope: z.enum(['all', 'own']),
});
export type CatalogueStats = z.output<typeof catalogueStatsSchema>;

/**
 * `GET /api/components/options`: the catalogue's distinct manufacturers, classes and types, from
 * the search index (the add form merges them with its default choices), and its languages.
 */
export const componentOptionsSchema = z.object({
  manufacturers: z.array(z.string()),
  classes: z.array(z.string()),
  types: z.array(z.string()),
  /** The catalogue's languages, the default first. */
  languages: z.array(z.string()),
});
export type ComponentOptions = z.output<typeof componentOptionsSchema>;

/** The header that carries a search's total; the pager reads it. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * `GET /api/admin/unread-values`: text values a derived number could not be read from (a
 * current without a unit of current, a wire size in words), each with how many parts hold it and
 * the first of them, most common first. They stay as written; this is the list to put right.
 */
export const unreadValueSchema = z.object({
  field: z.string(),
  label: z.string(),
  value: z.string(),
  count: z.number().int().positive(),
  components: z.array(z.object({ id: z.number().int(), reference: z.string() })),
});
export type UnreadValue = z.output<typeof unreadValueSchema>;
export const UNREAD_VALUE_PARTS_SHOWN = 5;

/** The text fields derived numbers are read from. */
export const derivedSourceFields: readonly ComponentTextField[] = [
  ...new Set(
    componentFieldDefinitions.flatMap((definition) =>
      definition.kind === 'derived' ? (definition.from as readonly ComponentTextField[]) : [],
    ),
  ),
];

/** Whether a value of a text field gives every derived number read from that field alone a value. */
export const isReadableValue = (field: ComponentTextField, value: string): boolean =>
  componentFieldDefinitions.some(
    (definition) =>
      definition.kind === 'derived' &&
      (definition.from as readonly string[]).includes(field) &&
      (definition as DerivedDefinition).derive({ [field]: value }) !== undefined,
  );
