import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { config } from '#lib/config';
import { s3 } from '#lib/clients';
import { readTranslatedField } from '#shared/schemas/component';
import {
  storedNumberFields,
  storedTextFields,
  type IndexColumns,
  type StoredNumberField,
  type StoredTextField,
} from './search-index';

/*
 * The index snapshot in S3: what a cold instance loads instead of reading the table. Every
 * component field as a column in result order, dictionaries and all, so loading is a
 * decompression, one JSON parse and typed-array copies, with no re-encoding:
 *
 *   "CHSEARCH" | u32 header length | header JSON (meta, fields, dictionaries, code widths) |
 *   padding to 8 | ids f64[n] | per number field f64[n] (NaN: none) |
 *   per text field codes u8/u16/u32[n] (as narrow as its dictionary allows), each padded to 8
 *
 * compressed with brotli. The loader applies the changes logged since the header's revision.
 */

export const SNAPSHOT_KEY = 'search/component-index.bin.br';
/** The catalogue summary: a few columns of the same snapshot, for the routes that only count. */
export const SUMMARY_KEY = 'search/catalogue-summary.bin.br';
const MAGIC = 'CHSEARCH';

/** What one kind of column file holds, and the format name and version that say so. */
export interface ColumnFile {
  format: string;
  version: number;
  textFields: readonly StoredTextField[];
  numberFields: readonly StoredNumberField[];
}

export const searchIndexFile: ColumnFile = {
  format: 'component-hub/search-index',
  // 4: the derived numbers (current, wire ranges) are columns too. 5: each part's lifecycle and
  // its confirmation; a version 4 snapshot has no lifecycle column, so it is not used (every part
  // would read as having none) and the index is built from the table once.
  version: 5,
  textFields: storedTextFields,
  numberFields: storedNumberFields,
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
  const header: Header = {
    format: file.format,
    version: file.version,
    ...meta,
    count,
    textFields: [...textFields],
    numberFields: [...numberFields],
    dictionaries: textFields.map((field) => columns.text[field].values),
    codeWidths,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const start = align8(MAGIC.length + 4 + headerBytes.length);
  const size =
    start +
    count * 8 +
    numberFields.length * count * 8 +
    codeWidths.reduce((sum, width) => sum + align8(count * width), 0);
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
  // Quality 5: a fraction of the default's time, and catalogue columns still shrink ~10x.
  return brotliCompressSync(out, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
};

/**
 * Reads a column file of `file`'s kind; fields it lacks (written by older code) come back empty,
 * other languages' values excepted. Fields outside `file` are left out.
 */
export const decodeColumnFile = (file: ColumnFile, bytes: Uint8Array): DecodedSnapshot => {
  const raw = brotliDecompressSync(bytes);
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
  const take = <T>(Type: new (buffer: ArrayBuffer, offset: number, length: number) => T, bytesPerItem: number): T => {
    const view = new Type(aligned.buffer as ArrayBuffer, aligned.byteOffset + offset, count);
    offset = align8(offset + count * bytesPerItem);
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
  return {
    revision: header.revision,
    changeCount: header.changeCount,
    writtenAt: header.writtenAt,
    columns: {
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
