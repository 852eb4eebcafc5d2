import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { config } from '#lib/config';
import { s3 } from '#lib/clients';
import { readTranslatedField } from '#shared/schemas/component';
import {
  partNumberFields,
  searchedFields,
  storedNumberFields,
  storedTextFields,
  type IndexColumns,
  type StoredNumberField,
  type StoredTextField,
} from './column-store';
import type { NumberColumnData } from './number-column';
import { fitsLatin1, PackedStrings, type ReadonlyStringList, type StringList } from './string-list';
import { TextColumn } from './text-column';
import { ValuePostings, type PostingArrays } from './value-postings';

/*
 * The index snapshot in S3: what a cold instance loads instead of reading the table. Every
 * component field as a column in result order, dictionaries and all, and what a search needs
 * built from them (each searched value's folded forms, the value index), so loading is
 * decompressing each part into the array it becomes, with no re-encoding, no folding and no
 * index build:
 *
 *   "CHSNAPSH" | u32 header length | header JSON (meta, fields, code widths, each section's
 *   size and compressed size, each string list's encoding) | the sections, one Zstandard frame
 *   each, in this order:
 *   ids f64[n] | per number field f64[n] (NaN: none) |
 *   per text field codes u8/u16/u32[n] (as narrow as its dictionary allows) |
 *   per text field its dictionary as a string list |
 *   built: per searched field its forms and plain folds as string lists |
 *   built: value index bases u32, indexed sizes u32, bucket offsets u32, postings u32
 *
 * A string list is two sections: each string's length (u32, in UTF-16 units) and the strings
 * run together (Latin-1 when every character fits, else UTF-8). A load decodes the text once
 * into one string and keeps it whole, the lengths turned into its ends in place (PackedStrings,
 * string-list.ts): no string is cut out of it at load. Each section is decompressed on its own into a buffer of its exact size, and the
 * columns and the value index are views of those buffers: a load never holds the whole file
 * decompressed, nor a copy of a column. The catalogue summary is a file of the same layout
 * holding a few columns and nothing built. The loader applies the changes logged since the
 * header's revision.
 */

export const SNAPSHOT_KEY = 'search/component-index.bin.zst';
/** The catalogue summary: a few columns of the same snapshot, for the routes that only count. */
export const SUMMARY_KEY = 'search/catalogue-summary.bin.zst';
const MAGIC = 'CHSNAPSH';

/** What one kind of column file holds, and the format name and version that say so. */
export interface ColumnFile {
  format: string;
  version: number;
  textFields: readonly StoredTextField[];
  numberFields: readonly StoredNumberField[];
  /**
   * Whether the file also holds what a search needs beyond the columns, built: each searched
   * field's folded forms and the value index over them, so a load takes them over as they are.
   */
  built: boolean;
}

export const searchIndexFile: ColumnFile = {
  format: 'component-hub/search-index',
  // 4: the derived numbers (current, wire ranges) are columns too. 5: each part's lifecycle and
  // its confirmation; a version 4 snapshot has no lifecycle column, so it is not used (every part
  // would read as having none) and the index is built from the table once. 6: the folded
  // forms and the value index, built, so a cold load does not rebuild them. 7: sections
  // compressed one by one and string lists instead of one JSON header (older files are not
  // read: the index is built from the table once). 8: number columns coded like the text ones
  // (each part's code, and each code's value).
  version: 8,
  textFields: storedTextFields,
  numberFields: storedNumberFields,
  built: true,
};

export interface SnapshotMeta {
  revision: number;
  changeCount: number;
  writtenAt: string;
}

export interface DecodedSnapshot extends SnapshotMeta {
  columns: IndexColumns;
}

interface Header extends SnapshotMeta {
  format: string;
  version: number;
  count: number;
  textFields: string[];
  numberFields: string[];
  /** Bytes per code, per text field. */
  codeWidths: number[];
  /** Bytes per code, per number field. */
  numberCodeWidths: number[];
  /** Each section's size, decompressed, and its size in the file, in file order. */
  sections: [number, number][];
  /** Per string list, in file order: whether its text is Latin-1 (else UTF-8). */
  latin1: boolean[];
  /** A built file: the searched fields in the value index's order (their forms and folds follow the dictionaries). */
  searchedFields?: string[];
}

const widthFor = (distinct: number): 1 | 2 | 4 => (distinct <= 0xff ? 1 : distinct <= 0xffff ? 2 : 4);
const codeArray = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array } as const;

type Section = Float64Array | Uint32Array | Uint16Array | Uint8Array | Buffer;

/** The search index snapshot. */
export const encodeSnapshot = (meta: SnapshotMeta, columns: IndexColumns): Buffer =>
  encodeColumnFile(searchIndexFile, meta, columns);

/** Reads a search index snapshot (see decodeColumnFile). */
export const decodeSnapshot = (bytes: Uint8Array): DecodedSnapshot => decodeColumnFile(searchIndexFile, bytes);

/** The columns `file` holds (of `columns`, which may hold more) as one file of compressed sections. */
export const encodeColumnFile = (file: ColumnFile, meta: SnapshotMeta, columns: IndexColumns): Buffer => {
  const { textFields, numberFields } = file;
  const count = columns.ids.length;
  const codeWidths = textFields.map((field) => widthFor(columns.text[field].values.length));
  const numberCodeWidths = numberFields.map((field) => widthFor(columns.numbers[field].values.length));
  const built = file.built ? builtParts(columns) : undefined;
  const sections: [number, number][] = [];
  const frames: Buffer[] = [];
  const latin1: boolean[] = [];
  const put = (array: Section) => {
    const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
    // Zstandard: it decompresses several times faster than brotli, which is what a cold start waits for.
    const frame = zstdCompressSync(bytes, { params: { [constants.ZSTD_c_compressionLevel]: 3 } });
    sections.push([bytes.length, frame.length]);
    frames.push(frame);
  };
  const putStrings = (list: ReadonlyStringList) => {
    // A packed list is written as it is held, without cutting it into strings.
    if (list instanceof PackedStrings) {
      const { lengths, text } = list.parts();
      const oneByte = fitsLatin1(text);
      latin1.push(oneByte);
      put(lengths);
      put(Buffer.from(text, oneByte ? 'latin1' : 'utf8'));
      return;
    }
    const strings = Array.from({ length: list.length }, (_, i) => list.at(i)!);
    const oneByte = strings.every(fitsLatin1);
    latin1.push(oneByte);
    put(Uint32Array.from(strings, (text) => text.length));
    put(Buffer.from(strings.join(''), oneByte ? 'latin1' : 'utf8'));
  };
  put(columns.ids);
  numberFields.forEach((field, index) => {
    const { values, codes } = columns.numbers[field];
    put(values);
    put(codeArray[numberCodeWidths[index]!].from(codes));
  });
  textFields.forEach((field, index) => put(codeArray[codeWidths[index]!].from(columns.text[field].codes)));
  for (const field of textFields) putStrings(columns.text[field].values);
  if (built) {
    for (const list of built.forms) putStrings(list);
    for (const list of built.folded) putStrings(list);
    const { bases, indexedUpTo, offsets, postings } = built.postings;
    for (const array of [bases, indexedUpTo, offsets, postings]) put(array);
  }
  const header: Header = {
    format: file.format,
    version: file.version,
    ...meta,
    count,
    textFields: [...textFields],
    numberFields: [...numberFields],
    codeWidths,
    numberCodeWidths,
    sections,
    latin1,
    ...(built && { searchedFields: [...searchedFields] }),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const start = Buffer.alloc(MAGIC.length + 4);
  start.write(MAGIC, 0, 'latin1');
  start.writeUInt32LE(headerBytes.length, MAGIC.length);
  return Buffer.concat([start, headerBytes, ...frames]);
};

/**
 * Reads a column file of `file`'s kind; fields it lacks (written by older code) come back empty,
 * other languages' values excepted. Fields outside `file` are left out.
 */
export const decodeColumnFile = (file: ColumnFile, bytes: Uint8Array): DecodedSnapshot => {
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (whole.length < MAGIC.length + 4 || whole.toString('latin1', 0, MAGIC.length) !== MAGIC)
    throw new Error('Not a search index snapshot');
  const headerLength = whole.readUInt32LE(MAGIC.length);
  const header = JSON.parse(whole.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header;
  if (header.format !== file.format || header.version !== file.version)
    throw new Error(`Unknown search snapshot format ${header.format} ${header.version}`);
  // A language added to the catalogue since the snapshot was written has values in the table
  // the snapshot never saw: such a snapshot is not used (the index is built from the table).
  const missingLanguage = file.textFields.find(
    (field) => readTranslatedField(field) && !header.textFields.includes(field),
  );
  if (missingLanguage) throw new Error(`Search snapshot holds no ${missingLanguage}`);
  const { count } = header;
  let offset = MAGIC.length + 4 + headerLength;
  let section = 0;
  /** The next section, decompressed into a buffer of its own (empty sections are no frame to read). */
  const next = (): Buffer => {
    const [size, stored] = header.sections[section++]!;
    const frame = whole.subarray(offset, (offset += stored));
    if (frame.length !== stored) throw new Error('Search snapshot cut short');
    const out = zstdDecompressSync(frame, { chunkSize: Math.max(size, 64 * 1024), maxOutputLength: Math.max(size, 1) });
    if (out.length !== size) throw new Error('Search snapshot section of the wrong size');
    return out;
  };
  /** The next section as a typed array over its own bytes (copied only when they are not aligned). */
  const take = <T>(Type: {
    new (buffer: ArrayBuffer, offset: number, length: number): T;
    BYTES_PER_ELEMENT: number;
  }): T => {
    const raw = next();
    const aligned = raw.byteOffset % Type.BYTES_PER_ELEMENT === 0 ? raw : Buffer.from(raw);
    return new Type(aligned.buffer as ArrayBuffer, aligned.byteOffset, aligned.length / Type.BYTES_PER_ELEMENT);
  };
  let list = 0;
  /** The next string list: its text decoded once, never cut, its lengths turned into ends in place. */
  const strings = (): StringList => {
    const lengths = take(Uint32Array);
    return PackedStrings.fromLengths(lengths, next().toString(header.latin1[list++] ? 'latin1' : 'utf8'));
  };
  const ids = take(Float64Array);
  const numberByField = new Map(
    header.numberFields.map((field, index): [string, NumberColumnData] => [
      field,
      {
        values: take(Float64Array),
        codes: take(codeArray[header.numberCodeWidths[index] as 1 | 2 | 4] as typeof Uint8Array),
      },
    ]),
  );
  const codesByField = header.textFields.map((_, index) =>
    take(codeArray[header.codeWidths[index] as 1 | 2 | 4] as typeof Uint8Array),
  );
  const textByField = new Map(
    header.textFields.map((field, index) => [
      field,
      { values: strings(), codes: codesByField[index] as Uint8Array } as IndexColumns['text'][StoredTextField],
    ]),
  );
  const built = header.searchedFields;
  const forms = built?.map(() => strings());
  const folded = built?.map(() => strings());
  const postings: PostingArrays | undefined = built && {
    bases: take(Uint32Array),
    indexedUpTo: take(Uint32Array),
    offsets: take(Uint32Array),
    postings: take(Uint32Array),
  };
  // The built parts hold only while the searched fields are those the file was built for.
  const builtFits =
    file.built &&
    built?.length === searchedFields.length &&
    built.every((field, index) => field === searchedFields[index]);
  if (builtFits)
    built.forEach((field, index) => {
      const column = textByField.get(field);
      if (column) Object.assign(column, { forms: forms![index]!, folded: folded![index]! });
    });
  return {
    revision: header.revision,
    changeCount: header.changeCount,
    writtenAt: header.writtenAt,
    columns: {
      ...(builtFits && postings && { postings }),
      ids,
      text: Object.fromEntries(
        file.textFields.map((field) => [
          field,
          textByField.get(field) ?? { values: [''], codes: new Uint32Array(count) },
        ]),
      ) as IndexColumns['text'],
      numbers: Object.fromEntries(
        file.numberFields.map((field) => [
          field,
          numberByField.get(field) ?? { values: Float64Array.of(Number.NaN), codes: new Uint8Array(count) },
        ]),
      ) as IndexColumns['numbers'],
    },
  };
};

/**
 * The searched fields' forms and plain folds (made now for any column that lacks them) and the
 * value index over them: what a load would otherwise rebuild.
 */
const builtParts = (columns: IndexColumns) => {
  const forms: ReadonlyStringList[] = [];
  const folded: ReadonlyStringList[] = [];
  for (const field of searchedFields) {
    const column = columns.text[field];
    if (column.forms?.length === column.values.length && column.folded?.length === column.values.length) {
      forms.push(column.forms);
      folded.push(column.folded);
    } else {
      const made = new TextColumn(0, true, partNumberFields.has(field));
      made.adopt({ values: column.values, codes: [] }, 0);
      forms.push(made.forms!);
      folded.push(made.folded!);
    }
  }
  const postings = ValuePostings.build(forms.map((list) => ({ forms: list, size: list.length }))).toArrays();
  return { forms, folded, postings };
};

/** Where snapshots are kept; S3 in every environment, a fake in unit tests. */
export interface SnapshotStore {
  read(): Promise<Uint8Array | undefined>;
  write(bytes: Uint8Array): Promise<void>;
}

const isMissing = (error: unknown): boolean => {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/** The object at `key` in the app's bucket. */
export const s3ObjectStore = (key: string): SnapshotStore => ({
  read: async () => {
    try {
      const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: key }));
      return Body ? await Body.transformToByteArray() : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },
  write: async (bytes) => {
    await s3().send(
      new PutObjectCommand({
        Bucket: config().BUCKET_NAME,
        Key: key,
        Body: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
  },
});

export const s3SnapshotStore = s3ObjectStore(SNAPSHOT_KEY);
export const s3SummaryStore = s3ObjectStore(SUMMARY_KEY);
