import {
  componentFieldLabels,
  componentFields,
  componentFieldUnits,
  type ComponentField,
  type ComponentNumberField,
} from '#shared/schemas/component';

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

/** Other headings for a field: SolidWorks Electrical's labels and common synonyms. */
const synonyms: Partial<Record<ComponentField, readonly string[]>> = {
  reference: ['Ref', 'Part number', 'Part no', 'Manufacturer part number', 'MPN'],
  class: ['Classification', 'Component class'],
  manufacturer: ['Manufacturer name', 'Maker'],
  type: ['Component type'],
  articleNumber: ['Article no', 'Article nr'],
  dataSheet: ['Datasheet URL', 'Data sheet URL'],
  markRoot: ['Mark root'],
  commercialReference: ['Commercial reference', 'Commercial ref'],
  translatableText2: ['Translatable text 2'],
  translatableText3: ['Translatable text 3'],
  toolCrimp: ['Crimp tool', 'Tool crimp'],
  userData4: ['User data 4'],
  supplierName: ['Supplier name', 'Supplier'],
  stockNumber: ['Stock number', 'Stock no'],
  scheme: ['SWE symbol', 'Schematic symbol'],
  threeDPart: ['3D part', '3D symbol', '3D model'],
  twoDFootprint: ['2D footprint', 'Footprint 2D'],
  connectionLabel: ['Connection label'],
  printedCircuitBoardFile: ['PCB file', 'Printed circuit board file'],
  terminalStripSymbol: ['Terminal strip symbol'],
  value1: ['Mating connector P/N', 'Mating connector part number'],
  circuitType: ['Circuit type'],
  terminalMarks: ['Terminal marks'],
  voltage2: ['Alternate voltage'],
  frequency2: ['Alternate frequency'],
  numberOfTerminals: ['Terminals', 'Nb terminals'],
  numberOfCircuits: ['Circuits', 'Nb circuits'],
};

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
