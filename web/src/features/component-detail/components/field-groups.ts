import { choiceLabel } from '#shared/schemas/choice-fields';
import {
  componentChoiceFields,
  componentDecimalFields,
  componentIntegerFields,
  componentTextFields,
  fieldLabel as anyFieldLabel,
  isChoiceField,
  isTranslatable,
  readTranslatedField,
  translatedField,
  type Component,
  type TranslatedField,
  type ComponentField,
  type ComponentTextField,
} from '#shared/schemas/component';
import {
  componentFieldDefinitions,
  technicalGroups as technicalGroupList,
  type TechnicalGroupId,
} from '#shared/schemas/component-fields';

/*
 * Where each field of a component shows on the detail page: the
 * Details tab's layouts, the Technical tab's five groups, and every other editable field once
 * under 'Additional Information', so each field has its pencil somewhere.
 */

/** The fields a user may propose a value for: every field but the files (uploaded, not typed) and `username` (the session's). */
export type EditableField = Exclude<ComponentField, 'dataSheet' | 'threeDPart' | 'scheme' | 'username'>;

/** A field as the page shows it: an editable field, or a translatable one's value in another catalogue language. */
export type ShownField = EditableField | TranslatedField;

/** The field that holds `field`'s value in `language` (the default language's is the field itself). */
export const inLanguage = (field: EditableField, language: string, languages: readonly string[]): ShownField =>
  isTranslatable(field) && language !== languages[0] && languages.includes(language)
    ? translatedField(field, language)
    : field;

export interface FieldGroup {
  title: string;
  fields: readonly EditableField[];
}

const decimalFields = new Set<string>(componentDecimalFields);
const integerFields = new Set<string>(componentIntegerFields);

/** How a field is typed into the edit dialog (a choice field's value is picked from its list). */
export const fieldKind = (field: ShownField): 'decimal' | 'integer' | 'long-text' | 'text' | 'choice' =>
  readTranslatedField(field)
    ? fieldKind(readTranslatedField(field)!.field)
    : isChoiceField(field)
      ? 'choice'
      : decimalFields.has(field)
        ? 'decimal'
        : integerFields.has(field)
          ? 'integer'
          : field === 'description'
            ? 'long-text'
            : 'text';

/** `value1` is the mating connector's part number, shown as such only for class 'Connectors'. */
export const MATING_FIELD: EditableField = 'value1';
export const MATING_LABEL = 'Mating Connector P/N';

export const fieldLabel = (field: ShownField, component?: Pick<Component, 'class'>): string =>
  field === MATING_FIELD && component && showsMatingConnector(component) ? MATING_LABEL : anyFieldLabel(field);

/** Connectors and contacts get the special Details layout. */
export const isConnectorOrContact = (component: Pick<Component, 'class'>): boolean =>
  /connector|contact/i.test(component.class);

export const showsMatingConnector = (component: Pick<Component, 'class'>): boolean => component.class === 'Connectors';

/** The fields of one Technical Specs group, in their declared order. */
const technicalFields = (group: TechnicalGroupId): EditableField[] =>
  componentFieldDefinitions.flatMap((definition) =>
    'technical' in definition && definition.technical === group ? [definition.name as EditableField] : [],
  );

/** The Technical Specs tab's five groups. */
export const technicalGroups: readonly FieldGroup[] = technicalGroupList.map((group) => ({
  title: group.title,
  fields: technicalFields(group.id),
}));

const tooling: FieldGroup = { title: 'Tooling', fields: technicalFields('tooling') };

/** The Details tab's sections for this component. */
export const detailGroups = (component: Pick<Component, 'class'>): FieldGroup[] => {
  if (!isConnectorOrContact(component)) {
    return [
      {
        title: 'Basic Information',
        fields: ['reference', 'articleNumber', 'manufacturer', 'class', 'type', 'series', 'lifecycle'],
      },
      { title: 'Description', fields: ['description'] },
    ];
  }
  return [
    { title: 'Description', fields: ['description'] },
    ...(showsMatingConnector(component) ? [{ title: MATING_LABEL, fields: [MATING_FIELD] } satisfies FieldGroup] : []),
    tooling,
    {
      title: 'Technical Specifications',
      fields: [
        'terminalType',
        'numberOfTerminals',
        'numberOfCircuits',
        'current',
        'voltage',
        'wireTerminationType',
        'maxWireSection',
        'minWireSection',
      ],
    },
  ];
};

const editableFields: readonly EditableField[] = [
  ...componentTextFields.filter((field): field is Exclude<ComponentTextField, 'username'> => field !== 'username'),
  ...componentDecimalFields,
  ...componentIntegerFields,
  ...componentChoiceFields,
];

/** Every editable field neither the Details sections nor the Technical groups show, in the catalogue's field order. */
export const additionalGroup = (component: Pick<Component, 'class'>): FieldGroup => {
  const shown = new Set<string>([...detailGroups(component), ...technicalGroups].flatMap((group) => group.fields));
  return { title: 'Additional Information', fields: editableFields.filter((field) => !shown.has(field)) };
};

/** A field's value as text: '' for none; a choice field's code. */
export const fieldText = (component: Component, field: ShownField): string => {
  const value = component[field];
  return value === null || value === undefined ? '' : String(value);
};

/** A field's value as the reader sees it: a choice field's label ('Obsolete'), else its text. */
export const shownText = (component: Component, field: ShownField): string =>
  isChoiceField(field) ? choiceLabel(field, component[field]) : fieldText(component, field);
