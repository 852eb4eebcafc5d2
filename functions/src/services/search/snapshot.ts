import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { brotliDecompressSync, constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
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
import { TextColumn } from './text-column';
import { ValuePostings, type PostingArrays } from './value-postings';

/*
 * The index snapshot in S3: what a cold instance loads instead of reading the table. Every
 * component field as a column in result order, dictionaries and all, and what a search needs
 * built from them (each searched value's folded forms, the value index), so loading is a
 * decompression, one JSON parse, typed-array views and copies, with no re-encoding, no folding
 * and no index build:
 *
 *   "CHSEARCH" | u32 header length | header JSON (meta, fields, dictionaries, code widths;
 *   built: the searched fields, their forms and plain folds, the value index's sizes) |
 *   padding to 8 | ids f64[n] | per number field f64[n] (NaN: none) |
 *   per text field codes u8/u16/u32[n] (as narrow as its dictionary allows) |
 *   built: value index bases u32, indexed sizes u32, bucket offsets u32, postings u32 |
 *   each padded to 8
 *
 * compressed with Zstandard (files written before it, with brotli, are still read). The catalogue summary is a file of the same layout holding a few
 * columns and nothing built. The loader applies the changes logged since the header's revision.
 */

export const SNAPSHOT_KEY = 'search/component-index.bin.zst';
/** The catalogue summary: a few columns of the same snapshot, for the routes that only count. */
export const SUMMARY_KEY = 'search/catalogue-summary.bin.zst';
const MAGIC = 'CHSEARCH';

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
  // forms and the value index, built, so a cold load does not rebuild them.
  version: 6,
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
  dictionaries: string[][];
  /** Bytes per code, per text field. */
  codeWidths: number[];
  /** A built file: the searched fields in the value index's order, their forms and plain folds. */
  searchedFields?: string[];
  forms?: string[][];
  folded?: string[][];
  /** A built file: the value index's array sizes (the arrays follow the columns). */
  postingSizes?: { columns: number; postings: number; offsets: number };
}

const align8 = (offset: number) => Math.ceil(offset / 8) * 8;

const widthFor = (distinct: number): 1 | 2 | 4 => (distinct <= 0xff ? 1 : distinct <= 0xffff ? 2 : 4);
const codeArray = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array } as const;

/** The search index snapshot. */
export const encodeSnapshot = (meta: SnapshotMeta, columns: IndexColumns): Buffer =>
  encodeColumnFile(searchIndexFile, meta, columns);

/** Reads a search index snapshot (see decodeColumnFile). */
export const decodeSnapshot = (bytes: Uint8Array): DecodedSnapshot => decodeColumnFile(searchIndexFile, bytes);

/** The columns `file` holds (of `columns`, which may hold more) as one compressed file. */
export const encodeColumnFile = (file: ColumnFile, meta: SnapshotMeta, columns: IndexColumns): Buffer => {
  const { textFields, numberFields } = file;
  const count = columns.ids.length;
  const codeWidths = textFields.map((field) => widthFor(columns.text[field].values.length));
  const built = file.built ? builtParts(columns) : undefined;
  const header: Header = {
    format: file.format,
    version: file.version,
    ...meta,
    count,
    textFields: [...textFields],
    numberFields: [...numberFields],
    dictionaries: textFields.map((field) => columns.text[field].values),
    codeWidths,
    ...(built && {
      searchedFields: [...searchedFields],
      forms: built.forms,
      folded: built.folded,
      postingSizes: {
        columns: built.postings.bases.length,
        postings: built.postings.postings.length,
        offsets: built.postings.offsets.length,
      },
    }),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const start = align8(MAGIC.length + 4 + headerBytes.length);
  const size =
    start +
    count * 8 +
    numberFields.length * count * 8 +
    codeWidths.reduce((sum, width) => sum + align8(count * width), 0) +
    (built ? Object.values(built.postings).reduce((sum, array: Uint32Array) => sum + align8(array.byteLength), 0) : 0);
  const out = Buffer.alloc(size);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(out, MAGIC.length + 4);
  let offset = start;
  const put = (array: Float64Array | Uint32Array | Uint16Array | Uint8Array) => {
    Buffer.from(array.buffer, array.byteOffset, array.byteLength).copy(out, offset);
    offset = align8(offset + array.byteLength);
  };
  put(columns.ids);
  for (const field of numberFields) put(columns.numbers[field]);
  textFields.forEach((field, index) => put(codeArray[codeWidths[index]!].from(columns.text[field].codes)));
  if (built) {
    const { bases, indexedUpTo, offsets, postings } = built.postings;
    for (const array of [bases, indexedUpTo, offsets, postings]) put(array);
  }
  // Zstandard: it decompresses several times faster than brotli, which is what a cold start waits for.
  const compressed = zstdCompressSync(out, { params: { [constants.ZSTD_c_compressionLevel]: 3 } });
  const prefix = Buffer.alloc(ZSTANDARD_PREFIX.length + 6);
  prefix.write(ZSTANDARD_PREFIX, 0, 'latin1');
  prefix.writeUIntLE(size, ZSTANDARD_PREFIX.length, 6);
  return Buffer.concat([prefix, compressed]);
};

/**
 * A Zstandard file starts with this and its size decompressed (6 bytes), so it is decompressed
 * into one buffer of that size: in the default small chunks, copying them together, it takes
 * about twice the time.
 */
const ZSTANDARD_PREFIX = 'CHZSTD01';
const decompress = (bytes: Uint8Array): Buffer => {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (file.toString('latin1', 0, ZSTANDARD_PREFIX.length) !== ZSTANDARD_PREFIX) return brotliDecompressSync(file);
  const size = file.readUIntLE(ZSTANDARD_PREFIX.length, 6);
  return zstdDecompressSync(file.subarray(ZSTANDARD_PREFIX.length + 6), {
    chunkSize: Math.max(size, 64 * 1024),
    maxOutputLength: size,
  });
};

/**
 * Reads a column file of `file`'s kind; fields it lacks (written by older code) come back empty,
 * other languages' values excepted. Fields outside `file` are left out.
 */
export const decodeColumnFile = (file: ColumnFile, bytes: Uint8Array): DecodedSnapshot => {
  const raw = decompress(bytes);
  if (raw.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('Not a search index snapshot');
  const headerLength = raw.readUInt32LE(MAGIC.length);
  const header = JSON.parse(raw.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header;
  if (header.format !== file.format || header.version !== file.version)
    throw new Error(`Unknown search snapshot format ${header.format} ${header.version}`);
  // A language added to the catalogue since the snapshot was written has values in the table
  // the snapshot never saw: such a snapshot is not used (the index is built from the table).
  const missingLanguage = file.textFields.find(
    (field) => readTranslatedField(field) && !header.textFields.includes(field),
  );
  if (missingLanguage) throw new Error(`Search snapshot holds no ${missingLanguage}`);
  const { count } = header;
  let offset = align8(MAGIC.length + 4 + headerLength);
  // Columns are read in place (views of the decompressed bytes, which the index copies from);
  // bytes that are not 8-aligned in memory are copied first.
  const aligned = raw.byteOffset % 8 === 0 ? raw : Buffer.from(raw);
  const take = <T>(
    Type: new (buffer: ArrayBuffer, offset: number, length: number) => T,
    bytesPerItem: number,
    length = count,
  ): T => {
    const view = new Type(aligned.buffer as ArrayBuffer, aligned.byteOffset + offset, length);
    offset = align8(offset + length * bytesPerItem);
    return view;
  };
  const ids = take(Float64Array, 8);
  const numberByField = new Map(header.numberFields.map((field) => [field, take(Float64Array, 8)]));
  const textByField = new Map(
    header.textFields.map((field, index) => {
      const width = header.codeWidths[index] as 1 | 2 | 4;
      return [
        field,
        { values: header.dictionaries[index]!, codes: take(codeArray[width] as Uint8ArrayConstructor, width) },
      ];
    }),
  );
  const sizes = header.postingSizes;
  const postings: PostingArrays | undefined = sizes && {
    bases: take(Uint32Array, 4, sizes.columns),
    indexedUpTo: take(Uint32Array, 4, sizes.columns),
    offsets: take(Uint32Array, 4, sizes.offsets),
    postings: take(Uint32Array, 4, sizes.postings),
  };
  // The built parts hold only while the searched fields are those the file was built for.
  const builtFits =
    file.built &&
    header.searchedFields?.length === searchedFields.length &&
    header.searchedFields.every((field, index) => field === searchedFields[index]);
  if (builtFits)
    header.searchedFields!.forEach((field, index) => {
      const column = textByField.get(field);
      if (column) Object.assign(column, { forms: header.forms![index]!, folded: header.folded![index]! });
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
        file.numberFields.map((field) => [field, numberByField.get(field) ?? new Float64Array(count).fill(Number.NaN)]),
      ) as IndexColumns['numbers'],
    },
  };
};

/**
 * The searched fields' forms and plain folds (made now for any column that lacks them) and the
 * value index over them: what a load would otherwise rebuild.
 */
const builtParts = (columns: IndexColumns) => {
  const forms: string[][] = [];
  const folded: string[][] = [];
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
