import { changeKindLabels, type ChangeEntry } from '#shared/schemas/changes';

/**
 * A spreadsheet would run a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula; such a cell gets a leading apostrophe, as OWASP advises for CSV files.
 */
const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const cell = (value: string | number | null | undefined): string => {
  const text = neutralised(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const CHANGE_CSV_HEADINGS = [
  'When (UTC)',
  'Kind',
  'Part',
  'Part id',
  'Class',
  'Fields',
  'Change',
  'Proposed by',
  'Approved by',
  'Request',
  'Override reason',
] as const;

/** The log as CSV (RFC 4180, CRLF lines), one row per change, headed by {@link CHANGE_CSV_HEADINGS}. */
export const changesCsv = (entries: readonly ChangeEntry[]): string =>
  [
    CHANGE_CSV_HEADINGS.map(cell).join(','),
    ...entries.map((entry) =>
      [
        entry.at,
        changeKindLabels[entry.kind],
        entry.componentReference,
        entry.componentId,
        entry.componentClass,
        entry.fields.join(' '),
        entry.summary,
        entry.proposedBy.name,
        entry.approvedBy.name,
        entry.requestId,
        entry.overrideReason,
      ]
        .map(cell)
        .join(','),
    ),
  ].join('\r\n') + '\r\n';

/** The file's name: component_changes_{YYYY-MM-DD}.csv. */
export const changesCsvName = (now = new Date()) => `component_changes_${now.toISOString().slice(0, 10)}.csv`;
