import { inflateRawSync } from 'node:zlib';
import { messages } from '#shared/messages';
import { IMPORT_MAX_UNPACKED_MEGABYTES } from '#shared/schemas/import';
import { MEGABYTE } from '#shared/schemas/files';
import { Invalid, TooLarge } from '#lib/errors';
import { describeFileContent, sniffOfficeContainer } from '../file-types';

/*
 * What a workbook is allowed to be before SheetJS sees it: an .xlsx (a ZIP
 * package holding xl/workbook.xml) or an .xls (an OLE2 compound file), and no more than
 * IMPORT_MAX_UNPACKED_MEGABYTES once unpacked. A ZIP's central directory declares each part's
 * size and compression, but a zip bomb can lie there, so each part's local header (which the
 * parser follows) is read too and must agree with it, and every compressed part is inflated here
 * with a ceiling on its output: what counts is what the bytes really unpack to, and a bomb stops
 * at the ceiling instead of filling the memory. An .xls is not compressed: it holds no more than
 * its own size (at most 20 MB), so its size is the check.
 */

export const UNPACKED_LIMIT_BYTES = IMPORT_MAX_UNPACKED_MEGABYTES * MEGABYTE;
/** A workbook has a few dozen parts; thousands of them is an archive, not a spreadsheet. */
const MAX_ZIP_ENTRIES = 10_000;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export type WorkbookKind = 'xlsx' | 'xls';

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const corrupt = (detail: string): never => {
  throw new Invalid(messages.importUnreadable(detail), { fileData: messages.importUnreadable(detail) });
};

const tooLarge = (): never => {
  const message = messages.importUnpackedTooLarge(IMPORT_MAX_UNPACKED_MEGABYTES);
  throw new TooLarge(message, { fileData: message });
};

const u64 = (view: DataView, offset: number): number => Number(view.getBigUint64(offset, true));

/** The central directory's entries (ZIP64 sizes and offsets included). */
const readCentralDirectory = (bytes: Buffer): ZipEntry[] => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return corrupt('the ZIP package has no central directory (the file is cut short or damaged)');
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR) {
    const record = u64(view, eocd - 20 + 8);
    if (record + 56 > bytes.length || view.getUint32(record, true) !== ZIP64_EOCD)
      return corrupt('the ZIP64 directory record is damaged');
    count = u64(view, record + 32);
    offset = u64(view, record + 48);
  }
  if (count > MAX_ZIP_ENTRIES) return corrupt(`the ZIP package holds ${count} files, far more than a workbook has`);

  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_HEADER)
      return corrupt('the ZIP central directory is damaged');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    // ZIP64: the 32-bit fields that overflowed are in extra field 0x0001, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd && extraEnd <= bytes.length) {
      const id = view.getUint16(extra, true);
      const size = view.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        if (entry.uncompressedSize === 0xffffffff) {
          entry.uncompressedSize = u64(view, field);
          field += 8;
        }
        if (entry.compressedSize === 0xffffffff) {
          entry.compressedSize = u64(view, field);
          field += 8;
        }
        if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = u64(view, field);
      }
      extra += 4 + size;
    }
    entries.push(entry);
    at = extraEnd + commentLength;
  }
  return entries;
};

/**
 * How many bytes one part really inflates to, stopping (and refusing) at `ceiling`. The part is
 * read as a spreadsheet library reads it: by its local header (method, where the data starts),
 * not only by the directory. A part whose local header and directory entry disagree on how it is
 * compressed, or a stored part whose sizes differ, is refused: Excel never writes one, and a
 * directory saying "stored" in front of a deflated part is how a bomb hides its real size.
 */
const inflatedSize = (bytes: Buffer, entry: ZipEntry, ceiling: number): number => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== LOCAL_HEADER)
    return corrupt(`the part ${entry.name} is damaged`);
  const localMethod = view.getUint16(header + 8, true);
  if (localMethod !== entry.method)
    return corrupt(`the part ${entry.name} is described two ways (its own header and the ZIP directory disagree)`);
  // Bit 3: the sizes follow the data instead of sitting in the local header.
  const sizesInHeader = (view.getUint16(header + 6, true) & 0x08) === 0;
  const localCompressed = view.getUint32(header + 18, true);
  const localUncompressed = view.getUint32(header + 22, true);
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) return corrupt(`the part ${entry.name} is cut short`);
  if (entry.method === 0) {
    const sizesAgree =
      entry.compressedSize === entry.uncompressedSize &&
      (!sizesInHeader ||
        localCompressed === 0xffffffff ||
        (localCompressed === entry.compressedSize && localUncompressed === entry.uncompressedSize));
    if (!sizesAgree)
      return corrupt(`the part ${entry.name} is described two ways (its own header and the ZIP directory disagree)`);
    return entry.compressedSize;
  }
  if (entry.method !== 8)
    return corrupt(`the part ${entry.name} uses a compression Excel does not write (method ${entry.method})`);
  try {
    return inflateRawSync(bytes.subarray(start, end), { maxOutputLength: Math.max(1, ceiling) }).length;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) return tooLarge();
    return corrupt(`the part ${entry.name} cannot be unpacked`);
  }
};

const describeZip = (entries: readonly ZipEntry[]): string => {
  const names = entries.map((entry) => entry.name.toLowerCase());
  if (names.some((name) => name.startsWith('word/'))) return 'a Word document';
  if (names.some((name) => name.startsWith('ppt/'))) return 'a PowerPoint presentation';
  if (names.includes('content.xml') && names.includes('mimetype')) return 'an OpenDocument file';
  return `a ZIP archive of ${entries.length} file${entries.length === 1 ? '' : 's'}`;
};

/**
 * Checks the bytes before they are parsed: a workbook container, and within the unpacked
 * limit. Throws Invalid (400, saying what the file is instead) or TooLarge (413).
 */
export const checkWorkbookBytes = (bytes: Buffer): WorkbookKind => {
  const container = sniffOfficeContainer(bytes.subarray(0, 16));
  if (container === 'cfb') return 'xls';
  if (container !== 'zip') {
    const message = messages.importNotWorkbook(describeFileContent(bytes.subarray(0, 512)));
    throw new Invalid(message, { fileData: message });
  }
  const entries = readCentralDirectory(bytes);
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > UNPACKED_LIMIT_BYTES) tooLarge();
  if (!entries.some((entry) => /^xl\/workbook\.(xml|bin)$/i.test(entry.name))) {
    const message = messages.importNotWorkbook(describeZip(entries));
    throw new Invalid(message, { fileData: message });
  }
  let total = 0;
  for (const entry of entries) {
    total += inflatedSize(bytes, entry, UNPACKED_LIMIT_BYTES - total + 1);
    if (total > UNPACKED_LIMIT_BYTES) tooLarge();
  }
  return 'xlsx';
};
