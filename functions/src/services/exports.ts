import { PassThrough, type Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { stringify } from 'csv-stringify';
import { choiceLabel } from '#shared/schemas/choice-fields';
import {
  columnHeading,
  componentFileFields,
  isChoiceField,
  isTranslatable,
  translatedField,
  type CatalogueField,
  type Component,
} from '#shared/schemas/component';
import {
  exportContentTypes,
  exportFileName,
  linkColumnHeading,
  linkColumnKinds,
  linkCellText,
  sweColumns,
  sweSheetName,
  utcDay,
  type ExportedLink,
  type ExportFormat,
  type ExportQuery,
} from '#shared/schemas/exports';
import { isSymmetric, linkViewOf, type LinkKind } from '#shared/schemas/links';
import { cellText } from '#shared/cell-text';
import type { TextValue } from '#shared/text-workbook';
import { catalogueFieldList, catalogueLanguages } from '#lib/catalogue-languages';
import { s3 } from '#lib/clients';
import { config } from '#lib/config';
import { logger } from '#lib/logger';
import { getLastExport, noteExport } from '#repositories/export-marks';
import { listAllLinks, type StoredLink } from '#repositories/links';
import { toApiComponent, toIndexQuery } from './components';
import { currentSearchIndex } from './search/search-answers';
import { downloadUrl } from './file-store';
import { searchOrCorrect } from './search/suggestions';
import type { SearchIndex } from './search/search-index';

/*
 * Exports of a search: every part it matches, most relevant first as the list shows them,
 * written to the bucket as it is made, a chunk of parts at a time in every format, and handed
 * out through a short-lived link, so an export of the whole catalogue fits a function's memory
 * and no answer's size limit.
 */

/** How far before an export's start its mark is set, so the next 'since last' export misses nothing. */
const MARK_OVERLAP_MS = 60_000;

/** Parts turned into rows at a time: bounds what is held besides the index. */
const CHUNK = 500;

/** A column of an export: its heading and how a part fills it. */
interface ExportColumn {
  heading: string;
  cell: (component: Component, links: readonly ExportedLink[]) => TextValue;
}

/** A stored file's value is the API's path to it; a file carries its whole address. */
const absolute = (value: string, origin: string): string => (value.startsWith('/') ? `${origin}${value}` : value);

/**
 * The catalogue's fields under their labels (a column per other language of a translatable
 * one), a fixed list's value by its label, a stored file as the whole address of the API's
 * link to it; then a column per kind of link.
 */
export const exportColumns = (origin: string): ExportColumn[] => [
  ...catalogueFieldList.map((field): ExportColumn => ({
    heading: columnHeading(field),
    cell: fieldCell(field, origin),
  })),
  ...linkColumnKinds.map((kind): ExportColumn => ({
    heading: linkColumnHeading(kind),
    cell: (_component, links) => linkCellText(links.filter((link) => link.kind === kind)) || null,
  })),
];

/**
 * A field's cell: a fixed list's value by its label, a stored file as the whole address of the
 * API's link to it, a number as a number, other values as text, nothing for an empty value.
 */
const fieldCell =
  (field: CatalogueField, origin: string): ExportColumn['cell'] =>
  (component) => {
    if (isChoiceField(field)) return choiceLabel(field, component[field]);
    const value = component[field];
    if (value === null || value === undefined || value === '') return null;
    if (typeof value === 'number') return value;
    return (componentFileFields as readonly string[]).includes(field) ? absolute(String(value), origin) : String(value);
  };

/**
 * The columns of the workbook for SOLIDWORKS Electrical: its manufacturer-part properties under
 * its names, a property kept per language followed by a column per other catalogue language.
 */
export const sweExportColumns = (origin: string): ExportColumn[] =>
  sweColumns.flatMap(({ field, heading }): ExportColumn[] => [
    { heading, cell: fieldCell(field, origin) },
    ...(isTranslatable(field)
      ? catalogueLanguages.slice(1).map((language): ExportColumn => ({
          heading: `${heading} (${language})`,
          cell: fieldCell(translatedField(field, language), origin),
        }))
      : []),
  ]);

/**
 * Each part's links as its row carries them: those it holds (it is the link's first end), and
 * the links that read the same both ways from either end, so a row never repeats another's
 * one-way link and an import of the file proposes each link once.
 */
const linksByPart = (stored: readonly StoredLink[], index: SearchIndex): Map<number, ExportedLink[]> => {
  const byPart = new Map<number, ExportedLink[]>();
  const ids = [...new Set(stored.flatMap((link) => [link.fromId, link.toId]))];
  const parts = new Map(index.components(ids).map((part) => [part.id, part]));
  const add = (holder: number, other: number, kind: LinkKind, role: StoredLink['role']) => {
    const part = parts.get(other);
    if (!part || !parts.has(holder)) return;
    const entry: ExportedLink = {
      kind: linkViewOf(kind, true),
      reference: part.reference,
      manufacturer: part.manufacturer ?? null,
      ...(role ? { role } : {}),
    };
    byPart.set(holder, [...(byPart.get(holder) ?? []), entry]);
  };
  for (const link of stored) {
    add(link.fromId, link.toId, link.kind, link.role);
    if (isSymmetric(link.kind)) add(link.toId, link.fromId, link.kind, link.role);
  }
  for (const entries of byPart.values()) entries.sort((a, b) => a.reference.localeCompare(b.reference));
  return byPart;
};

/**
 * The parts a search matches, in its order; a misspelt search the list answered with its clear
 * correction is exported corrected, as the list showed it, unless asked for as typed.
 */
const matchingIds = (index: SearchIndex, query: ExportQuery): number[] =>
  searchOrCorrect(
    index,
    toIndexQuery({ ...query, limit: Number.MAX_SAFE_INTEGER, offset: 0, facets: false }),
    query.asTyped,
  ).result.ids;

/** A part as the JSON export writes it: the API's component with its links. */
const jsonPart = (component: Component, links: readonly ExportedLink[], origin: string) => {
  const part: Record<string, unknown> = { ...component };
  for (const field of componentFileFields) {
    const value = component[field];
    if (value) part[field] = absolute(value, origin);
  }
  part.links = links.map((link) => ({
    kind: link.kind,
    reference: link.reference,
    manufacturer: link.manufacturer,
    ...(link.role ? { role: link.role } : {}),
  }));
  return part;
};

/** The file, written into `out` a chunk of parts at a time (the workbook at its end). */
export const writeExport = async (
  out: PassThrough,
  format: ExportFormat,
  chunks: Iterable<{ component: Component; links: readonly ExportedLink[] }[]>,
  origin: string,
): Promise<void> => {
  const columns = format === 'swe' ? sweExportColumns(origin) : exportColumns(origin);
  const rowOf = (component: Component, links: readonly ExportedLink[]) =>
    columns.map((column) => column.cell(component, links));
  if (format === 'json') {
    let first = true;
    out.write('[');
    for (const chunk of chunks) {
      const text = chunk.map(({ component, links }) => JSON.stringify(jsonPart(component, links, origin)));
      if (text.length) out.write(`${first ? '\n' : ',\n'}${text.join(',\n')}`);
      if (text.length) first = false;
      await drained(out);
    }
    out.end('\n]\n');
    return;
  }
  if (format === 'csv') {
    // A byte order mark, so a spreadsheet program opening the file reads it as UTF-8.
    out.write('\uFEFF');
    const csv = stringify({ header: true, columns: columns.map((column) => column.heading), bom: false });
    csv.pipe(out);
    for (const chunk of chunks) {
      for (const { component, links } of chunk)
        csv.write(rowOf(component, links).map((value) => (value === null || value === undefined ? '' : value)));
      await drained(csv);
    }
    csv.end();
    return;
  }
  // The workbook is zipped as its rows are made (each row committed is gone from memory). Every
  // value is an inline text cell, so no spreadsheet program evaluates one, whatever it starts
  // with, and every reader decodes its text once (a plain cell's value is decoded twice by some).
  // Loaded when a workbook is asked for, so a search's cold start does not load it.
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
  const book = new WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet(format === 'swe' ? sweSheetName : 'Components');
  const textRow = (values: readonly TextValue[]) =>
    sheet
      .addRow(
        values.map((value) =>
          value === null || value === undefined || value === ''
            ? null
            : { richText: [{ text: cellText(String(value)) }] },
        ),
      )
      .commit();
  textRow(columns.map((column) => column.heading));
  let rows = 0;
  for (const chunk of chunks) {
    for (const { component, links } of chunk) textRow(rowOf(component, links));
    rows += chunk.length;
    // Lets the zip take what was written before the next chunk is made.
    await new Promise(setImmediate);
    await drained(out);
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows + 1, column: columns.length } };
  sheet.commit();
  await book.commit();
};

/** Waits while what was written is not yet taken. */
const drained = (stream: PassThrough | ReturnType<typeof stringify>): Promise<void> =>
  stream.writableNeedDrain ? new Promise((resolve) => stream.once('drain', () => resolve())) : Promise.resolve();

/** Where an export is kept until its link has been followed: removed by the bucket's rule after a day. */
export const exportKey = (userId: string, fileName: string): string => `exports/${userId}/${Date.now()}-${fileName}`;

export interface ExportResult {
  url: string;
  fileName: string;
  count: number;
}

/**
 * `GET /api/components/export`: the search's matches written to the bucket in the format asked
 * for, and a link that downloads the file under its name.
 */
export const exportComponents = async (
  userId: string,
  query: ExportQuery,
  now = new Date(),
  index?: SearchIndex,
): Promise<ExportResult> => {
  const catalogue = index ?? (await currentSearchIndex());
  // Since the caller's last export: from when it started (everything, before their first).
  const since = query.since === 'last' ? await getLastExport(userId) : query.since;
  const [ids, stored] = [matchingIds(catalogue, query), await listAllLinks()];
  const links = linksByPart(stored, catalogue);
  const origin = config().APP_URL.replace(/\/$/, '');
  const fileName = exportFileName(query.format, query.day ?? utcDay(now));
  const key = exportKey(userId, fileName);
  const contentType = exportContentTypes[query.format];

  // With a `since`, only the parts changed at or after it.
  let count = 0;
  function* chunks() {
    for (let start = 0; start < ids.length; start += CHUNK) {
      const parts = catalogue
        .components(ids.slice(start, start + CHUNK))
        .filter((component) => !since || component.updatedAt >= since)
        .map((component) => ({ component: toApiComponent(component), links: links.get(component.id) ?? [] }));
      count += parts.length;
      yield parts;
    }
  }

  const body = new PassThrough();
  const upload = new Upload({
    client: s3(),
    params: { Bucket: config().BUCKET_NAME, Key: key, Body: body as Readable, ContentType: contentType },
  });
  await Promise.all([
    upload.done(),
    writeExport(body, query.format, chunks(), origin).catch((error: unknown) => {
      body.destroy(error as Error);
      throw error;
    }),
  ]);
  // A minute before it began, so a change made while the index was read is in the next one too; a
  // mark that cannot be written costs only that the next 'since last' export holds more.
  await noteExport(userId, new Date(now.getTime() - MARK_OVERLAP_MS).toISOString()).catch((error: unknown) =>
    logger.warn('could not note the export', { error: error as Error }),
  );
  return { url: await downloadUrl(key, { contentType, fileName }), fileName, count };
};
