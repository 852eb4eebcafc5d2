import type { ComponentFileKind } from '#shared/schemas/files';
import {
  componentFieldLabels,
  componentFields,
  type ComponentField,
  type ComponentFileField,
} from '#shared/schemas/component';
import { componentFieldDefinitions, formTabs as tabs, type OptionList } from '#shared/schemas/component-fields';

/** Every field of a component but `username`, which is the session's user. */
export type FormField = Exclude<ComponentField, 'username'>;
export type FormValues = Record<FormField, string>;

/** What a file widget accepts: the datasheet PDF only, the SWE Symbol images only. */
export type FileKind = ComponentFileKind;

export type { OptionList };

export type FieldSpec =
  | { name: FormField; kind: 'text' }
  | { name: FormField; kind: 'textarea' }
  /** `min` and `step` are the shared number rules the server applies too. */
  | { name: FormField; kind: 'number'; min: number; step: string; integer?: boolean }
  /** `allowOther`: 'Other…' then free text, for a value the list lacks. */
  | { name: FormField; kind: 'select'; options: OptionList; placeholder: string; allowOther?: boolean }
  /** A value from a fixed list (a lifecycle): '' is the field's absent value ('Unknown'). */
  | { name: FormField; kind: 'choice'; choices: readonly { value: string; label: string }[] }
  | { name: ComponentFileField; kind: 'file'; accept: FileKind };

export interface FormTab {
  value: string;
  label: string;
  fields: readonly FieldSpec[];
}

/** A field's input on the Add form, as its declaration says. */
const specOf = (definition: (typeof componentFieldDefinitions)[number]): FieldSpec | undefined => {
  const name = definition.name as FormField;
  switch (definition.kind) {
    case 'file':
      return { name: definition.name, kind: 'file', accept: definition.accept };
    case 'number':
    case 'integer':
      return {
        name,
        kind: 'number',
        min: definition.min,
        step: definition.step,
        ...(definition.kind === 'integer' ? { integer: true } : {}),
      };
    case 'long-text':
      return { name, kind: 'textarea' };
    case 'choice':
      return {
        name,
        kind: 'choice',
        choices: definition.choices.map((choice) => ({
          value: choice.value === definition.absent ? '' : choice.value,
          label: choice.label,
        })),
      };
    case 'text':
      if ('system' in definition) return undefined;
      return 'options' in definition && definition.options
        ? {
            name,
            kind: 'select',
            options: definition.options.list,
            placeholder: definition.options.placeholder,
            ...('allowOther' in definition.options ? { allowOther: true } : {}),
          }
        : { name, kind: 'text' };
    default:
      return undefined;
  }
};

/** The seven tabs of 'Add New Component', holding every field once, in the declared order. */
export const formTabs: readonly FormTab[] = tabs.map((tab) => ({
  value: tab.id,
  label: tab.title,
  fields: componentFieldDefinitions.flatMap((definition) => {
    const spec = 'tab' in definition && definition.tab === tab.id ? specOf(definition) : undefined;
    return spec ? [spec] : [];
  }),
}));

export const REQUIRED_FIELDS: ReadonlySet<FormField> = new Set(
  componentFieldDefinitions.flatMap((definition) =>
    'required' in definition && definition.required ? [definition.name as FormField] : [],
  ),
);

export const formFields: readonly FormField[] = componentFields.filter(
  (field): field is FormField => field !== 'username',
);

export const emptyValues = (): FormValues => Object.fromEntries(formFields.map((field) => [field, ''])) as FormValues;

const tabByField = new Map<string, string>(
  formTabs.flatMap((tab) => tab.fields.map((field) => [field.name, tab.value] as const)),
);

/** The tab holding a field (for showing the first invalid one). */
export const tabOfField = (field: PropertyKey | undefined): string | undefined =>
  typeof field === 'string' ? tabByField.get(field) : undefined;

/** The first tab, in the tabs' order, holding one of these fields. */
export const firstTabWith = (fields: readonly PropertyKey[]): string | undefined => {
  const tabs = new Set(fields.map(tabOfField));
  return formTabs.find((tab) => tabs.has(tab.value))?.value;
};

export const fieldLabel = (field: FormField): string => componentFieldLabels[field];
