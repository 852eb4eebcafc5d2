import {
  componentFieldLabels,
  componentFields,
  componentFieldUnits,
  type ComponentField,
  type ComponentNumberField,
} from '#shared/schemas/component';
import { componentFieldDefinitions } from '#shared/schemas/component-fields';

/*
 * Which component field a column heading names. Headings are compared without
 * case, spaces, punctuation or a unit in brackets, so 'Article number', 'articleNumber',
 * 'ARTICLE_NUMBER' and 'Width (mm)' all find their field. Besides the catalogue's field names and
 * the screens' labels, the headings of SolidWorks Electrical's parts manager exports and a few
 * common synonyms are known.
 */

/** 'Width (mm)' -> 'width', 'Turret / Positioner / Die Head' -> 'turretpositionerdiehead'. */
export const headingKey = (heading: string): string =>
  heading
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .replace(/[^a-z0-9]/g, '');

/** The acting user decides `username` (the session's user, for real attribution), never a column. */
export const importableFields: readonly ComponentField[] = componentFields.filter((field) => field !== 'username');

/** Other headings for a field, as its declaration names them: SolidWorks Electrical's labels and common synonyms. */
const synonyms = Object.fromEntries(
  componentFieldDefinitions.map((definition) => [definition.name, 'headings' in definition ? definition.headings : []]),
) as Partial<Record<ComponentField, readonly string[]>>;

const fieldByKey = new Map<string, ComponentField>();
for (const field of importableFields) {
  for (const heading of [field, componentFieldLabels[field], ...(synonyms[field] ?? [])]) {
    const key = headingKey(heading);
    if (!fieldByKey.has(key)) fieldByKey.set(key, field);
  }
}

/**
 * The field a heading names, or undefined. A unit in brackets must be the field's own: 'Width
 * (mm)' is the width, 'Width (in)' or 'Weight (g)' are not (their numbers would be read in the
 * wrong unit), so such a column is reported as not imported.
 */
export const fieldForHeading = (heading: string): ComponentField | undefined => {
  const field = fieldByKey.get(headingKey(heading));
  const unit = field ? componentFieldUnits[field as ComponentNumberField] : undefined;
  const written = /\(([^)]*)\)|\[([^\]]*)\]/.exec(heading);
  const writtenUnit = (written?.[1] ?? written?.[2])?.trim().toLowerCase();
  if (unit && writtenUnit && writtenUnit !== unit.toLowerCase()) return undefined;
  return field;
};
