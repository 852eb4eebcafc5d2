import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { config } from '#lib/config';
import { s3 } from '#lib/clients';
import { readTranslatedField } from '#shared/schemas/component';
import { storedNumberFields, storedTextFields, type IndexColumns } from './search-index';

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
const MAGIC = 'CHSEARCH';
const FORMAT = 'component-hub/search-index';
// 4: the derived numbers (current, wire ranges) are columns too. 5: each part's lifecycle and
// its confirmation; a version 4 snapshot has no lifecycle column, so it is not used (every part
// would read as having none) and the index is built from the table once.
const VERSION = 5;

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

export const encodeSnapshot = (meta: SnapshotMeta, columns: IndexColumns): Buffer => {
  const count = columns.ids.length;
  const codeWidths = storedTextFields.map((field) => widthFor(columns.text[field].values.length));
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    ...meta,
    count,
    textFields: [...storedTextFields],
    numberFields: [...storedNumberFields],
    dictionaries: storedTextFields.map((field) => columns.text[field].values),
    codeWidths,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const start = align8(MAGIC.length + 4 + headerBytes.length);
  const size =
    start +
    count * 8 +
    storedNumberFields.length * count * 8 +
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
  for (const field of storedNumberFields) put(columns.numbers[field]);
  storedTextFields.forEach((field, index) => put(codeArray[codeWidths[index]!].from(columns.text[field].codes)));
  // Quality 5: a fraction of the default's time, and catalogue columns still shrink ~10x.
  return brotliCompressSync(out, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
};

/** Reads a snapshot; fields it lacks (written by older code) come back empty, other languages' values excepted. */
export const decodeSnapshot = (bytes: Uint8Array): DecodedSnapshot => {
  const raw = brotliDecompressSync(bytes);
  if (raw.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('Not a search index snapshot');
  const headerLength = raw.readUInt32LE(MAGIC.length);
  const header = JSON.parse(raw.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header;
  if (header.format !== FORMAT || header.version !== VERSION)
    throw new Error(`Unknown search snapshot format ${header.format} ${header.version}`);
  // A language added to the catalogue since the snapshot was written has values in the table
  // the snapshot never saw: such a snapshot is not used (the index is built from the table).
  const missingLanguage = storedTextFields.find(
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
        storedTextFields.map((field) => [
          field,
          textByField.get(field) ?? { values: [''], codes: new Uint32Array(count) },
        ]),
      ) as IndexColumns['text'],
      numbers: Object.fromEntries(
        storedNumberFields.map((field) => [
          field,
          numberByField.get(field) ?? new Float64Array(count).fill(Number.NaN),
        ]),
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

export const s3SnapshotStore: SnapshotStore = {
  read: async () => {
    try {
      const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: SNAPSHOT_KEY }));
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
        Key: SNAPSHOT_KEY,
        Body: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
  },
};
