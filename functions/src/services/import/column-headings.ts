import { languageName, nativeLanguageName } from '#shared/languages';
import {
  componentFieldLabels,
  componentFields,
  componentFieldUnits,
  isTranslatable,
  parseFieldNumber,
  translatedField,
  type CatalogueField,
  type ComponentField,
  type ComponentNumberField,
} from '#shared/schemas/component';
import { componentFieldDefinitions } from '#shared/schemas/component-fields';
import { linkColumnHeading, linkColumnViews, sweColumns } from '#shared/schemas/exports';
import type { LinkView } from '#shared/schemas/links';
import { catalogueFieldList, catalogueLanguages } from '#lib/catalogue-languages';

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

/**
 * Every field a column can fill, the catalogue's other-language values among them; the acting
 * user decides `username` (the session's user, for real attribution), never a column.
 */
export const importableFields: readonly CatalogueField[] = catalogueFieldList.filter((field) => field !== 'username');

/** Other headings for a field, as its declaration names them: SolidWorks Electrical's labels and common synonyms. */
const synonyms = Object.fromEntries(
  componentFieldDefinitions.map((definition) => [definition.name, 'headings' in definition ? definition.headings : []]),
) as Partial<Record<ComponentField, readonly string[]>>;

const fieldByKey = new Map<string, ComponentField>();
// The workbook made for SOLIDWORKS Electrical names a few fields as it does ('Control voltage').
for (const { field, heading } of sweColumns) fieldByKey.set(headingKey(heading), field);
for (const field of componentFields.filter((name) => name !== 'username')) {
  for (const heading of [field, componentFieldLabels[field], ...(synonyms[field] ?? [])]) {
    const key = headingKey(heading);
    if (!fieldByKey.has(key)) fieldByKey.set(key, field);
  }
}

/** Each catalogue language by the ways a heading names it: its code, its English and its own name. */
const languageByName = new Map<string, string>(
  catalogueLanguages.flatMap((code) =>
    [code, languageName(code), nativeLanguageName(code)].map((name) => [headingKey(name), code] as const),
  ),
);

/**
 * A translatable field's column in one language: the language in brackets after the field
 * ('Description (de)', 'Description (German)', 'Description [Deutsch]', as an export writes
 * them) or its code after a separator ('description_de', 'Description-fr'). The default
 * language's column is the field itself. Undefined for any other heading.
 */
const translatedHeading = (heading: string): CatalogueField | null | undefined => {
  const bracketed = /^(.*?)\s*[([]([^)\]]*)[)\]]\s*$/.exec(heading);
  const suffixed = /^(.*?)[\s_.-]+([a-z]{2})\s*$/i.exec(heading);
  for (const [, name, language] of [bracketed ?? [], suffixed ?? []]) {
    const field = name === undefined ? undefined : fieldByKey.get(headingKey(name));
    if (language === undefined || !field || !isTranslatable(field)) continue;
    const code = languageByName.get(headingKey(language));
    if (code) return code === catalogueLanguages[0] ? field : translatedField(field, code);
    // Another language's column ('Description (it)') is not the default language's text.
    if (isLanguageCode(language.trim().toLowerCase())) return null;
  }
  return undefined;
};

/** A two-letter code of a language the platform knows by name ('it' is Italian; 'xx' is none). */
const isLanguageCode = (text: string) => /^[a-z]{2}$/.test(text) && languageName(text) !== text;

/** The unit a heading writes in brackets: 'Width (in)' -> 'in'. */
const writtenUnitOf = (heading: string): string | undefined => {
  const written = /\(([^)]*)\)|\[([^\]]*)\]/.exec(heading);
  return (written?.[1] ?? written?.[2])?.trim() || undefined;
};

/**
 * The unit a number column's values are in when its heading names another unit of the field's
 * quantity ('Width (in)', 'Weight (g)'): its bare numbers are read in that unit and converted.
 * Undefined when the heading names the field's own unit or none.
 */
export const headingUnit = (heading: string, field: CatalogueField): string | undefined => {
  const unit = componentFieldUnits[field as ComponentNumberField];
  const written = writtenUnitOf(heading);
  if (!unit || !written || written.toLowerCase() === unit.toLowerCase()) return undefined;
  return parseFieldNumber(field as ComponentNumberField, `1 ${written}`) === undefined ? undefined : written;
};

/**
 * The field a heading names, or undefined. A unit in brackets must be one of the field's
 * quantity: 'Width (mm)' and 'Width (in)' (read in inches, converted) are the width, 'Width (V)'
 * is not (its numbers mean something else), so such a column is reported as not imported.
 */
export const fieldForHeading = (heading: string): CatalogueField | undefined => {
  const translated = translatedHeading(heading);
  if (translated !== undefined) return translated ?? undefined;
  const field = fieldByKey.get(headingKey(heading));
  const unit = field ? componentFieldUnits[field as ComponentNumberField] : undefined;
  const written = writtenUnitOf(heading)?.toLowerCase();
  if (field && unit && written && written !== unit.toLowerCase() && !headingUnit(heading, field)) return undefined;
  return field;
};

/** Link columns by their headings as an export writes them ('Uses contact', 'Contact for'), compared as field headings are. */
const linkViewByKey = new Map<string, LinkView>(
  linkColumnViews.map((view) => [headingKey(linkColumnHeading(view)), view] as const),
);

/** The kind of link a column heading names ('Uses tool', 'Replaced by'), or undefined. */
export const linkViewForHeading = (heading: string): LinkView | undefined => linkViewByKey.get(headingKey(heading));
