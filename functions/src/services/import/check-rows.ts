import { messages } from '#shared/messages';
import {
  componentDecimalFields,
  fieldLabel,
  componentFileFields,
  componentInputSchemaFor,
  componentIntegerFields,
  type ComponentData,
  type CatalogueField,
} from '#shared/schemas/component';
import type { ImportRowProblem } from '#shared/schemas/import';
import type { CellValue, SheetRow } from './read-workbook';

/*
 * Each sheet row against the component form's rules: Reference and Class
 * required, numbers as numbers or numeric text (comma or point, the field's unit allowed),
 * texts within their lengths. A row breaking a rule is skipped with every reason; a file field
 * keeps only a web address (a SolidWorks library path means nothing here), and says so.
 */

export interface AcceptedRow {
  row: number;
  data: ComponentData;
  /** Fields whose value the row had but that were not kept (a file field's library path). */
  dropped: CatalogueField[];
}

export interface CheckedRows {
  accepted: AcceptedRow[];
  errors: ImportRowProblem[];
  warnings: ImportRowProblem[];
  rejectedRows: number;
}

const WEB_ADDRESS = /^https?:\/\/\S+$/i;

const shown = (value: CellValue | undefined): string => {
  if (value === undefined) return '';
  if (typeof value === 'object') return value.error;
  const text = String(value).trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

const referenceOf = (values: SheetRow['values']): string | null => {
  const value = values.reference;
  if (value === undefined || typeof value === 'object') return null;
  return String(value).trim() || null;
};

const numberFields = new Set<string>([...componentDecimalFields, ...componentIntegerFields]);

/** Cell values as the input schema reads them: numbers stay numbers in number fields, everything else is text. */
const toInput = (values: SheetRow['values']): Record<string, unknown> => {
  const input: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values) as [CatalogueField, CellValue][]) {
    if (typeof value === 'object') continue;
    if (typeof value === 'boolean') input[field] = value ? 'TRUE' : 'FALSE';
    else input[field] = typeof value === 'number' && !numberFields.has(field) ? String(value) : value;
  }
  return input;
};

/**
 * The input schema cut down to the fields the sheet has (Reference and Class always): the same
 * rules, without building and dropping sixty empty fields for every one of 50,000 rows.
 */
const schemaFor = (rows: readonly SheetRow[]) => {
  const fields = new Set<string>(['reference', 'class']);
  for (const { values } of rows) for (const field of Object.keys(values)) fields.add(field);
  return componentInputSchemaFor(fields);
};

export const checkRows = (rows: readonly SheetRow[]): CheckedRows => {
  const schema = schemaFor(rows);
  const accepted: AcceptedRow[] = [];
  const errors: ImportRowProblem[] = [];
  const warnings: ImportRowProblem[] = [];
  let rejectedRows = 0;
  for (const { row, values } of rows) {
    const reference = referenceOf(values);
    const problems: ImportRowProblem[] = [];
    for (const [field, value] of Object.entries(values) as [CatalogueField, CellValue][]) {
      if (typeof value === 'object')
        problems.push({
          row,
          reference,
          field,
          message: `${fieldLabel(field)} holds the error value ${value.error}`,
        });
    }
    const input = toInput(values);
    const dropped: CatalogueField[] = [];
    for (const field of componentFileFields) {
      const value = input[field];
      if (typeof value === 'string' && !WEB_ADDRESS.test(value.trim())) {
        warnings.push({ row, reference, field, message: messages.importFileNotKept(fieldLabel(field)) });
        delete input[field];
        dropped.push(field);
      }
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'reference');
        if (seen.has(field)) continue;
        seen.add(field);
        const raw = shown(values[field as CatalogueField]);
        problems.push({
          row,
          reference,
          field,
          message: numberFields.has(field) && raw ? `${issue.message}, not '${raw}'` : issue.message,
        });
      }
    }
    if (problems.length > 0 || !parsed.success) {
      rejectedRows++;
      errors.push(...problems);
      continue;
    }
    // Only the values present: a row names a handful of the sixty fields, and 50,000 rows are kept until written.
    accepted.push({
      row,
      data: Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== null)) as ComponentData,
      dropped,
    });
  }
  return { accepted, errors, warnings, rejectedRows };
};
