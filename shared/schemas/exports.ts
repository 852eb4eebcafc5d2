import * as z from 'zod';
import { messages } from '../messages';
import { refineSearchRanges, searchConditionsObject, searchQuerySchema, type ComponentField } from './component';
import { linkKinds, linkKindNames, toolRoles, type LinkKind, type LinkView, type ToolRole } from './links';

/*
 * Exports of a search: every part it matches, in a workbook (the catalogue's own columns, which
 * the import reads back), a CSV of the same columns, or JSON. Links travel as columns of their
 * own, one per kind, each naming the other parts by reference and maker.
 */

export const exportFormats = ['xlsx', 'swe', 'csv', 'json'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportContentTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  swe: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
};

/** `component_export_{YYYY-MM-DD}.{ext}`; the date is the caller's own calendar day when it says which. */
export const exportFileName = (format: ExportFormat, day: string): string =>
  format === 'swe' ? `component_export_swe_${day}.xlsx` : `component_export_${day}.${format}`;

/**
 * The workbook for SOLIDWORKS Electrical's manufacturer-part import: one sheet, a heading row,
 * a row per part, each column named as SOLIDWORKS Electrical names the manufacturer part's
 * property; a property it keeps per language (description, commercial reference) gets a column
 * per other catalogue language after it, the language's code in brackets.
 */
export const sweSheetName = 'Manufacturer parts';
export const sweColumns = [
  { field: 'reference', heading: 'Reference' },
  { field: 'manufacturer', heading: 'Manufacturer' },
  { field: 'class', heading: 'Classification' },
  { field: 'type', heading: 'Type' },
  { field: 'articleNumber', heading: 'Article number' },
  { field: 'commercialReference', heading: 'Commercial reference' },
  { field: 'description', heading: 'Description' },
  { field: 'voltage', heading: 'Control voltage' },
  { field: 'frequency', heading: 'Control frequency' },
  { field: 'width', heading: 'Width' },
  { field: 'height', heading: 'Height' },
  { field: 'depth', heading: 'Depth' },
  { field: 'numberOfCircuits', heading: 'Circuits' },
  { field: 'numberOfTerminals', heading: 'Terminals' },
  { field: 'twoDFootprint', heading: '2D footprint' },
  { field: 'connectionLabel', heading: 'Connection label' },
  { field: 'dataSheet', heading: 'Data sheet' },
  { field: 'threeDPart', heading: '3D part' },
] as const satisfies readonly { field: ComponentField; heading: string }[];

/** `YYYY-MM-DD` of a date in UTC. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.exportDayInvalid)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), messages.exportDayInvalid);

/**
 * `GET /api/components/export`: the search's own conditions (no paging: every match) with
 * `asTyped` as the list had it (without it, a misspelt search is exported as the list showed it,
 * corrected), the `format`, `since` (only parts changed at or after that moment: a date, a date and time, or
 * `last`, the start of the caller's previous export) and `day` (the caller's calendar day, for
 * the file's name).
 */
export const exportQuerySchema = searchConditionsObject
  .extend({
    format: z.enum(exportFormats, { error: messages.exportFormatInvalid }).default('xlsx'),
    since: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text.trim() === '') return undefined;
        if (text.trim().toLowerCase() === 'last') return 'last' as const;
        const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? `${text.trim()}T00:00:00Z` : text.trim());
        if (Number.isNaN(time)) {
          ctx.addIssue({ code: 'custom', message: messages.exportSinceInvalid });
          return z.NEVER;
        }
        return new Date(time).toISOString();
      }),
    day: day.optional(),
    asTyped: searchQuerySchema.shape.asTyped,
  })
  .superRefine(refineSearchRanges);
export type ExportQuery = z.output<typeof exportQuerySchema>;

/** What `GET /api/components/export` answers a caller asking for JSON: where the file is, and what it holds. */
export const exportAnswerSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  count: z.number().int().nonnegative(),
});
export type ExportAnswer = z.output<typeof exportAnswerSchema>;

/** A link as a file carries it: its kind from this part, the other part, a tool's role. */
export interface ExportedLink {
  kind: LinkView;
  reference: string;
  manufacturer: string | null;
  role?: ToolRole;
}

/** The link columns an export writes: one per stored kind, from the part that holds the link. */
export const linkColumnKinds: readonly LinkKind[] = linkKindNames;
export const linkColumnHeading = (kind: LinkView): string =>
  kind in linkKinds
    ? linkKinds[kind as LinkKind].label
    : Object.values(linkKinds).find((entry) => entry.reverse === kind)!.reverseLabel;

/** Every wording a link column may be headed with, the reverse ones too ('Contact for'). */
export const linkColumnViews: readonly LinkView[] = [
  ...linkKindNames,
  ...linkKindNames.filter((kind) => linkKinds[kind].reverse !== kind).map((kind) => linkKinds[kind].reverse),
];

const ENTRY_SEPARATOR = '; ';

/** One other part in a link cell: `crimp: CRIMPFOX 6 (Phoenix Contact)`; the maker in brackets when known. */
export const linkEntryText = (link: Pick<ExportedLink, 'reference' | 'manufacturer' | 'role'>): string =>
  `${link.role ? `${link.role}: ` : ''}${link.reference}${link.manufacturer ? ` (${link.manufacturer})` : ''}`;

/** A link cell: its parts, in the order given. */
export const linkCellText = (links: readonly Pick<ExportedLink, 'reference' | 'manufacturer' | 'role'>[]): string =>
  links.map(linkEntryText).join(ENTRY_SEPARATOR);

export interface LinkCellEntry {
  reference: string;
  manufacturer: string | null;
  role?: ToolRole;
}

/**
 * A link cell read back: parts separated by semicolons or line breaks, each a reference with its
 * maker in brackets at the end (`MSTB 2,5/6-ST (Phoenix Contact)`), a tool's role before a colon.
 */
export const readLinkCell = (text: string): LinkCellEntry[] =>
  text
    .split(/;|\r?\n/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const role = toolRoles.find((name) => entry.toLowerCase().startsWith(`${name}:`));
      const rest = role ? entry.slice(role.length + 1).trim() : entry;
      const bracketed = /^(.*\S)\s*\(([^()]*)\)$/.exec(rest);
      return {
        reference: (bracketed ? bracketed[1]! : rest).trim(),
        manufacturer: bracketed ? bracketed[2]!.trim() || null : null,
        ...(role ? { role } : {}),
      };
    });
