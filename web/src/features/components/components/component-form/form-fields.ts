import type { ComponentFileKind } from '#shared/schemas/files';
import {
  componentFieldLabels,
  componentFields,
  componentNumberRules,
  type ComponentField,
  type ComponentFileField,
  type ComponentNumberField,
} from '#shared/schemas/component';

/** Every field of a component but `username`, which is the session's user. */
export type FormField = Exclude<ComponentField, 'username'>;
export type FormValues = Record<FormField, string>;

/** What a file widget accepts: the datasheet PDF only, the SWE Symbol images only. */
export type FileKind = ComponentFileKind;

export type OptionList = 'manufacturers' | 'classes' | 'types';

export type FieldSpec =
  | { name: FormField; kind: 'text' }
  | { name: FormField; kind: 'textarea' }
  /** `min` and `step` are the shared number rules the server applies too. */
  | { name: FormField; kind: 'number'; min: number; step: string; integer?: boolean }
  /** `allowOther`: 'Other…' then free text, for a value the list lacks. */
  | { name: FormField; kind: 'select'; options: OptionList; placeholder: string; allowOther?: boolean }
  | { name: ComponentFileField; kind: 'file'; accept: FileKind };

export interface FormTab {
  value: string;
  label: string;
  fields: readonly FieldSpec[];
}

const text = (name: FormField): FieldSpec => ({ name, kind: 'text' });
const decimal = (name: ComponentNumberField): FieldSpec => ({ name, kind: 'number', ...componentNumberRules[name] });
const whole = (name: ComponentNumberField): FieldSpec => ({
  name,
  kind: 'number',
  ...componentNumberRules[name],
  integer: true,
});

/** The seven tabs of 'Add New Component', holding every field once. */
export const formTabs: readonly FormTab[] = [
  {
    value: 'basic',
    label: 'Basic Information',
    fields: [
      text('reference'),
      { name: 'class', kind: 'select', options: 'classes', placeholder: 'Select class' },
      {
        name: 'manufacturer',
        kind: 'select',
        options: 'manufacturers',
        placeholder: 'Select manufacturer',
        allowOther: true,
      },
      { name: 'type', kind: 'select', options: 'types', placeholder: 'Select type', allowOther: true },
      text('articleNumber'),
      text('series'),
      text('commercialReference'),
      text('supplierName'),
      text('stockNumber'),
      { name: 'description', kind: 'textarea' },
    ],
  },
  {
    value: 'technical',
    label: 'Technical Details',
    fields: [
      text('terminalType'),
      whole('numberOfTerminals'),
      text('terminalStripSymbol'),
      text('terminalMarks'),
      text('connectionLabel'),
      text('circuitType'),
      text('circuitGroup'),
      text('plcChannelGroup'),
      text('plcChannelAddress'),
      text('symbol'),
      text('library'),
      text('markRoot'),
      text('lineDiagram'),
      text('twoDFootprint'),
      text('printedCircuitBoardFile'),
      text('translatableText2'),
      text('translatableText3'),
      text('userData4'),
      text('value1'),
      text('value2'),
      text('value3'),
      text('value4'),
      text('value5'),
      text('value6'),
      text('value7'),
    ],
  },
  {
    value: 'physical',
    label: 'Physical Properties',
    fields: [decimal('width'), decimal('height'), decimal('depth'), decimal('weight'), text('orientation')],
  },
  {
    value: 'electrical',
    label: 'Electrical Properties',
    fields: [
      decimal('voltage'),
      decimal('frequency'),
      decimal('voltage2'),
      decimal('frequency2'),
      text('current'),
      whole('numberOfCircuits'),
      text('mnemonic'),
    ],
  },
  {
    value: 'wire',
    label: 'Wire Specifications',
    fields: [
      whole('maxWireNumber'),
      text('maxWireSection'),
      text('minWireSection'),
      text('maxWireGauge'),
      text('minWireGauge'),
      text('wireTerminationType'),
    ],
  },
  {
    value: 'tooling',
    label: 'Tooling',
    fields: [text('toolCrimp'), text('turretPositionerDieHead'), text('insertionExtractionTool')],
  },
  {
    value: 'files',
    label: 'Files & Documents',
    fields: [
      { name: 'dataSheet', kind: 'file', accept: 'pdf' },
      { name: 'threeDPart', kind: 'file', accept: 'any' },
      { name: 'scheme', kind: 'file', accept: 'image' },
    ],
  },
];

export const REQUIRED_FIELDS: ReadonlySet<FormField> = new Set(['reference', 'class']);

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
