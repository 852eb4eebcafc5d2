import { messages } from '#shared/messages';
import { linkColumnHeading, linkEntryText, readLinkCell, type LinkCellEntry } from '#shared/schemas/exports';
import type { ImportRowLink } from '#shared/schemas/import';
import { isSymmetric, linkIdOf, storedDirection, type LinkView } from '#shared/schemas/links';
import type { SheetRow } from './read-workbook';
import { manufacturerKey, referenceKey, type IdentityIndex } from './part-identity';
import type { PreviewRow } from './preview';

/*
 * The links an import's rows name in their link columns ('Uses contact', 'Replaced by'). Each
 * other part is found as a row finds its own part: by reference (without case and separators)
 * and maker, in the catalogue or among the parts the file adds; a blank maker names the one part
 * of that reference. A link the catalogue already has, or one the file names twice (from both
 * ends, or in two columns), is made once; a part that cannot be found is a warning on its row,
 * and the row is written without that link.
 */

/** One end of a link in the preview: a part of the catalogue, or the part a row of the file adds. */
type End = { id: number; row?: undefined } | { row: number; id?: undefined };

const endKey = (end: End): string => (end.id !== undefined ? `#${end.id}` : `r${end.row}`);

/**
 * A link's identity whatever end names it: its stored kind and ends (a symmetric one's ends in
 * either order), so a file naming it twice plans it once.
 */
const plannedKey = (view: LinkView, own: End, other: End): string => {
  const { kind, fromId } = storedDirection(view, 1, 2);
  const [from, to] = fromId === 1 ? [own, other] : [other, own];
  const ends = [endKey(from), endKey(to)];
  if (isSymmetric(kind)) ends.sort();
  return `${kind}:${ends.join('>')}`;
};

interface Candidate {
  end: End;
  maker: string;
}

export interface RowLinkInput {
  rows: PreviewRow[];
  sheetRows: readonly SheetRow[];
  catalogue: IdentityIndex;
  /** The ids of the links these parts of the catalogue already have. */
  existingLinks: (ids: readonly number[]) => Promise<Set<string>>;
}

/** Finds each row's links and notes what the import will make of them, on the rows themselves. */
export const planRowLinks = async ({ rows, sheetRows, catalogue, existingLinks }: RowLinkInput): Promise<void> => {
  const cellsByRow = new Map(sheetRows.flatMap((row) => (row.links ? [[row.row, row.links] as const] : [])));
  if (cellsByRow.size === 0) return;

  // The parts the file adds, by reference key, as candidates beside the catalogue's.
  const added = new Map<string, Candidate[]>();
  for (const row of rows) {
    if (row.action !== 'create' || !row.reference) continue;
    const key = referenceKey(row.reference);
    added.set(key, [...(added.get(key) ?? []), { end: { row: row.row }, maker: manufacturerKey(row.manufacturer) }]);
  }
  const find = (entry: LinkCellEntry): { end: End } | { problem: string } => {
    const candidates: Candidate[] = [
      ...catalogue
        .withReference(referenceKey(entry.reference))
        .map((part) => ({ end: { id: part.id }, maker: manufacturerKey(part.manufacturer) })),
      ...(added.get(referenceKey(entry.reference)) ?? []),
    ];
    const maker = manufacturerKey(entry.manufacturer);
    const chosen = maker
      ? (candidates.find((candidate) => candidate.maker === maker) ??
        (candidates.length === 1 && candidates[0]!.maker === '' ? candidates[0] : undefined))
      : candidates.length === 1
        ? candidates[0]
        : undefined;
    if (chosen) return { end: chosen.end };
    // Brackets that were part of the reference, not its maker: 'MSTB 2,5/ 6-ST (5,08)'.
    if (entry.manufacturer) {
      const whole = find({ reference: `${entry.reference} (${entry.manufacturer})`, manufacturer: null });
      if ('end' in whole) return whole;
    }
    const text = linkEntryText({ reference: entry.reference, manufacturer: entry.manufacturer });
    return !maker && candidates.length > 1
      ? { problem: messages.importLinkAmbiguous(text, candidates.length) }
      : { problem: messages.importLinkNotFound(text) };
  };

  const ownEnd = (row: PreviewRow): End | undefined =>
    row.componentId !== null ? { id: row.componentId } : row.action === 'create' ? { row: row.row } : undefined;
  const planned = new Set<string>();
  const withLinks = rows.filter((row) => row.action !== 'skip' && cellsByRow.has(row.row));
  const existing = await existingLinks(withLinks.flatMap((row) => (row.componentId === null ? [] : [row.componentId])));
  for (const row of withLinks) {
    const own = ownEnd(row);
    if (!own) continue;
    const links: ImportRowLink[] = [];
    for (const [view, text] of Object.entries(cellsByRow.get(row.row)!) as [LinkView, string][]) {
      for (const entry of readLinkCell(text)) {
        const role = view === 'uses-tool' || view === 'tool-for' ? entry.role : undefined;
        const link: ImportRowLink = {
          kind: view,
          reference: entry.reference,
          manufacturer: entry.manufacturer,
          ...(role ? { role } : {}),
          state: 'missing',
          targetId: null,
          targetRow: null,
        };
        links.push(link);
        const found = find(entry);
        const note = (message: string) => row.warnings.push({ field: linkColumnHeading(view), message });
        if ('problem' in found) {
          note(found.problem);
          continue;
        }
        if (endKey(found.end) === endKey(own)) {
          note(messages.importLinkToItself(linkEntryText(entry)));
          continue;
        }
        link.targetId = found.end.id ?? null;
        link.targetRow = found.end.row ?? null;
        const key = plannedKey(view, own, found.end);
        const stored =
          own.id !== undefined && found.end.id !== undefined
            ? linkIdOf(storedDirection(view, own.id, found.end.id))
            : undefined;
        link.state = planned.has(key) || (stored !== undefined && existing.has(stored)) ? 'exists' : 'new';
        planned.add(key);
      }
    }
    if (links.length) row.links = links;
  }
};
