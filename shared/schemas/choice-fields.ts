import { componentFieldDefinitions, type Choice, type ChoiceDefinition } from './component-fields';

/*
 * Fields whose value comes from a fixed list (a part's lifecycle), read from their declaration:
 * the codes the API and the table hold, the labels people read, how typed text becomes a code,
 * which codes rank a part last, and the confirmation kept beside a value.
 */

type Definition = (typeof componentFieldDefinitions)[number];
type ChoiceDef = Extract<Definition, { kind: 'choice' }>;
export type ComponentChoiceField = ChoiceDef['name'];
/** The codes a choice field takes. */
export type ChoiceValue<F extends ComponentChoiceField = ComponentChoiceField> = Extract<
  ChoiceDef,
  { name: F }
>['choices'][number]['value'];
/** A part's lifecycle: active, nrnd, last-time-buy, obsolete or unknown. */
export type Lifecycle = ChoiceValue<'lifecycle'>;

const choiceDefinitions = componentFieldDefinitions.filter(
  (definition): definition is ChoiceDef => definition.kind === 'choice',
);
const definitionOf = new Map<string, ChoiceDefinition>(
  choiceDefinitions.map((definition) => [definition.name, definition]),
);

/** Fields whose value comes from a fixed list, in the catalogue's field order. */
export const componentChoiceFields: readonly ComponentChoiceField[] = choiceDefinitions.map(
  (definition) => definition.name,
);
export const isChoiceField = (name: string): name is ComponentChoiceField => definitionOf.has(name);

/** A choice field's values, in their declared order. */
export const choicesOf = (field: ComponentChoiceField): readonly Choice[] => definitionOf.get(field)!.choices;
/** A choice field's codes, in their declared order. */
export const choiceValues = <F extends ComponentChoiceField>(field: F): ChoiceValue<F>[] =>
  choicesOf(field).map((choice) => choice.value as ChoiceValue<F>);
/** The value of a part that has none ('unknown'). */
export const absentChoice = <F extends ComponentChoiceField>(field: F): ChoiceValue<F> =>
  definitionOf.get(field)!.absent as ChoiceValue<F>;

/** The code a text names: a choice's code or its label, in any case, spaces around it ignored. */
export const readChoice = <F extends ComponentChoiceField>(field: F, text: string): ChoiceValue<F> | undefined => {
  const wanted = text.trim().toLowerCase();
  return choicesOf(field).find((choice) => choice.value === wanted || choice.label.toLowerCase() === wanted)?.value as
    ChoiceValue<F> | undefined;
};

const choiceOf = (field: ComponentChoiceField, value: string | null | undefined): Choice | undefined => {
  const code = value ?? absentChoice(field);
  return choicesOf(field).find((choice) => choice.value === code);
};
/** The label people read for a code (the absent value's for none); an unknown code as it is. */
export const choiceLabel = (field: ComponentChoiceField, value: string | null | undefined): string =>
  choiceOf(field, value)?.label ?? value ?? '';
/** What a badge shows: the short label where the label is long ('NRND'). */
export const choiceShortLabel = (field: ComponentChoiceField, value: string | null | undefined): string => {
  const choice = choiceOf(field, value);
  return choice?.short ?? choice?.label ?? value ?? '';
};

/** Per choice field that has any, the codes whose parts come last in their relevance group. */
export const ranksLastValues: ReadonlyMap<ComponentChoiceField, ReadonlySet<string>> = new Map(
  choiceDefinitions.flatMap((definition) => {
    const last = definition.choices.filter((choice) => 'ranksLast' in choice && choice.ranksLast);
    return last.length ? [[definition.name, new Set(last.map((choice) => choice.value))] as const] : [];
  }),
);

/* ------------------------------------------------------------------ confirmations */

type ConfirmedDef = Extract<ChoiceDef, { confirmed: true }>;
export type ConfirmedChoiceField = ConfirmedDef['name'];
/** Choice fields whose value's last confirmation is kept beside it. */
export const confirmedChoiceFields: readonly ConfirmedChoiceField[] = choiceDefinitions
  .filter((definition): definition is ConfirmedDef => 'confirmed' in definition && definition.confirmed === true)
  .map((definition) => definition.name);

export const confirmedAtField = <F extends ConfirmedChoiceField>(field: F) => `${field}ConfirmedAt` as const;
export const confirmationSourceField = <F extends ConfirmedChoiceField>(field: F) => `${field}Source` as const;
/** When a value was last confirmed (ISO time) and where from: `lifecycleConfirmedAt`, `lifecycleSource`. */
export type ConfirmationField =
  | ReturnType<typeof confirmedAtField<ConfirmedChoiceField>>
  | ReturnType<typeof confirmationSourceField<ConfirmedChoiceField>>;
export const confirmationFields: readonly ConfirmationField[] = confirmedChoiceFields.flatMap((field) => [
  confirmedAtField(field),
  confirmationSourceField(field),
]);

/**
 * Where a confirmation came from, as stored and answered: a person whose edit was approved
 * (`person: <their name>`), an import (`import`), or a distributor's answer taken through an
 * approved fill (`distributor: digikey`). Readers of the source go through readConfirmationSource.
 */
export type ConfirmationSource = `person: ${string}` | 'import' | `distributor: ${string}`;
export const confirmationSource = {
  person: (name: string): ConfirmationSource => `person: ${name}`,
  import: 'import' as ConfirmationSource,
  distributor: (provider: string): ConfirmationSource => `distributor: ${provider}`,
};
const PERSON = 'person: ';
const DISTRIBUTOR = 'distributor: ';
/** A stored source as its kind (and the person's or distributor's name); undefined for text of no known kind. */
export const readConfirmationSource = (
  source: string | null | undefined,
): { kind: 'person'; name: string } | { kind: 'import' } | { kind: 'distributor'; name: string } | undefined => {
  if (source === 'import') return { kind: 'import' };
  if (source?.startsWith(DISTRIBUTOR) && source.length > DISTRIBUTOR.length)
    return { kind: 'distributor', name: source.slice(DISTRIBUTOR.length) };
  if (source?.startsWith(PERSON) && source.length > PERSON.length)
    return { kind: 'person', name: source.slice(PERSON.length) };
  return undefined;
};

/**
 * The confirmation a change records for each confirmed field it sets: the time and the source
 * for a known value; nothing is confirmed by a value set to unknown or cleared, so its earlier
 * confirmation is cleared with it. Fields the change does not set are left out.
 */
export const confirmationsOf = (
  changes: Readonly<Record<string, unknown>>,
  source: ConfirmationSource,
  at: string,
): Partial<Record<ConfirmationField, string | null>> => {
  const stamps: Partial<Record<ConfirmationField, string | null>> = {};
  for (const field of confirmedChoiceFields) {
    if (!Object.hasOwn(changes, field)) continue;
    const value = changes[field];
    const known = typeof value === 'string' && value !== absentChoice(field);
    stamps[confirmedAtField(field)] = known ? at : null;
    stamps[confirmationSourceField(field)] = known ? source : null;
  }
  return stamps;
};
