import { messages } from '#shared/messages';

/*
 * Which part a sheet row is, as engineers mean it. A part is its reference, compared without
 * case and without separators or spaces ('3RT2015-1BB41' is '3rt2015 1bb41'), together with its
 * manufacturer, compared without case. A blank manufacturer (in the row or in the catalogue)
 * names the part with that reference when there is exactly one, and is ambiguous when there are
 * several. Two rows of one file for the same part are one part: the later is a duplicate.
 */

/** '3RT2015-1BB41' and '3rt2015 1bb41' -> '3rt20151bb41'. */
export const referenceKey = (reference: string): string =>
  reference
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** 'SIEMENS ', 'Siemens' -> 'siemens'; a blank manufacturer is ''. */
export const manufacturerKey = (manufacturer: string | null | undefined): string =>
  (manufacturer ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether two manufacturers name the same maker (case and spacing aside). */
export const sameManufacturer = (a: string | null | undefined, b: string | null | undefined): boolean =>
  manufacturerKey(a) === manufacturerKey(b);

/** What the catalogue holds of a part for matching: no more. */
export interface PartIdentity {
  id: number;
  reference: string;
  manufacturer: string | null;
  version: number;
}

export interface RowIdentity {
  row: number;
  reference: string;
  manufacturer: string | null;
}

export type RowMatch =
  /** The row is this part of the catalogue. */
  | { kind: 'existing'; part: PartIdentity }
  /** No part of the catalogue (nor an earlier row) is this one. */
  | { kind: 'new' }
  /** An earlier row of the file is the same part. */
  | { kind: 'duplicate'; of: number }
  /** The manufacturer is blank and several parts have the reference. */
  | { kind: 'ambiguous'; message: string };

/** The catalogue's parts by reference key, for matching rows against. */
export class IdentityIndex {
  private readonly byReference = new Map<string, PartIdentity[]>();

  constructor(parts: Iterable<PartIdentity>) {
    for (const part of parts) {
      const key = referenceKey(part.reference);
      const list = this.byReference.get(key);
      if (list) list.push(part);
      else this.byReference.set(key, [part]);
    }
  }

  /** The parts whose reference has this key, lowest id first. */
  withReference(key: string): readonly PartIdentity[] {
    return this.byReference.get(key) ?? [];
  }
}

type Candidate =
  { part: PartIdentity; row?: undefined; maker: string } | { row: number; part?: undefined; maker: string };

/**
 * Matches each row (in sheet order) against the catalogue and against the rows above it. With
 * a manufacturer, a row names the part of that reference and maker (the first, if the catalogue
 * already holds it twice), or else the one part of that reference when its maker is blank. With
 * a blank manufacturer, it names the one part of that reference, in the catalogue or added by a
 * row above; several are ambiguous. A part named by a row above makes this row its duplicate.
 */
export const matchRows = (rows: readonly RowIdentity[], catalogue: IdentityIndex): RowMatch[] => {
  /** Rows above that add a new part, by reference key. */
  const addedAbove = new Map<string, { row: number; maker: string }[]>();
  /** The first row that named each catalogue part. */
  const namedBy = new Map<number, number>();
  return rows.map((row): RowMatch => {
    const key = referenceKey(row.reference);
    const maker = manufacturerKey(row.manufacturer);
    const candidates: Candidate[] = [
      ...[...catalogue.withReference(key)]
        .sort((a, b) => a.id - b.id)
        .map((part) => ({ part, maker: manufacturerKey(part.manufacturer) })),
      ...(addedAbove.get(key) ?? []),
    ];
    let chosen: Candidate | undefined;
    if (maker === '') {
      if (candidates.length > 1) {
        const rowsAbove = candidates.flatMap((candidate) => (candidate.row === undefined ? [] : [candidate.row]));
        return {
          kind: 'ambiguous',
          message: rowsAbove.length
            ? messages.importAmbiguousInFile(rowsAbove)
            : messages.importAmbiguousManufacturer(candidates.length),
        };
      }
      chosen = candidates[0];
    } else {
      chosen =
        candidates.find((candidate) => candidate.maker === maker) ??
        (candidates.length === 1 && candidates[0]!.maker === '' ? candidates[0] : undefined);
    }
    if (chosen?.row !== undefined) return { kind: 'duplicate', of: chosen.row };
    if (chosen?.part) {
      const first = namedBy.get(chosen.part.id);
      if (first !== undefined) return { kind: 'duplicate', of: first };
      namedBy.set(chosen.part.id, row.row);
      return { kind: 'existing', part: chosen.part };
    }
    const above = addedAbove.get(key);
    if (above) above.push({ row: row.row, maker });
    else addedAbove.set(key, [{ row: row.row, maker }]);
    return { kind: 'new' };
  });
};

/**
 * Whether a part (added or changed in the catalogue since a preview) is the part a new row
 * would create: the same reference, and the same manufacturer or either one blank.
 */
export const isSamePart = (
  row: { reference: string; manufacturer: string | null },
  part: { reference: string; manufacturer: string | null },
): boolean => {
  if (referenceKey(row.reference) !== referenceKey(part.reference)) return false;
  const a = manufacturerKey(row.manufacturer);
  const b = manufacturerKey(part.manufacturer);
  return a === b || a === '' || b === '';
};
