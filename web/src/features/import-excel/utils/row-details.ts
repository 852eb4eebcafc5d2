import type { ImportAction, ImportOutcome, ImportRowReport, ImportValue } from '#shared/schemas/import';
import { fieldLabel } from './field-label';

export const actionLabels: Record<ImportAction, string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  skip: 'Skip',
};

export const outcomeLabels: Record<ImportOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  skipped: 'Skipped',
  conflict: 'Conflict',
  excluded: 'Left out',
};

/** A stored or new value as the report shows it; an empty one is a dash. */
export const shownValue = (value: ImportValue): string => (value === null || value === '' ? '—' : String(value));

/** One line per change, reason or note of a row, for the report spreadsheet. */
export const rowDetails = (row: ImportRowReport): string =>
  [
    ...row.changes.map(
      (change) => `${fieldLabel(change.field)}: ${shownValue(change.from)} → ${shownValue(change.to)}`,
    ),
    ...row.reasons.map((reason) => reason.message),
    ...(row.outcomeMessage ? [row.outcomeMessage] : []),
    ...row.warnings.map((warning) => warning.message),
  ].join('\n');
