import { bytesAreType, SNIFF_BYTES, sniffComponentFileType, sniffFileType } from '#shared/schemas/file-signatures';
import { attachmentFileTypes, fileExtension, type AttachmentFileType } from '#shared/schemas/files';

/*
 * The real type of a file, read from its first bytes: a declared type or an
 * extension is what the sender claims; the magic number is what the file is.
 */

export { SNIFF_BYTES, sniffComponentFileType, sniffFileType };

/**
 * Whether a file is what it says on every count: the declared type, the name's extension and the
 * bytes all agree (a PNG renamed `.pdf`, or declared `application/pdf`, is not).
 */
export const fileMatchesType = (file: { fileName: string; fileType: AttachmentFileType; head: Uint8Array }): boolean =>
  bytesAreType(file.head, file.fileType) &&
  (attachmentFileTypes[file.fileType] as readonly string[]).includes(fileExtension(file.fileName));

/** The two containers a spreadsheet comes in: ZIP (.xlsx, and .docx, .zip ...) and OLE2 compound files (.xls, .doc, encrypted .xlsx). */
export type OfficeContainer = 'zip' | 'cfb';

const containerSignatures: { container: OfficeContainer; magic: readonly number[] }[] = [
  { container: 'zip', magic: [0x50, 0x4b, 0x03, 0x04] }, // PK\3\4
  { container: 'cfb', magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
];

export const sniffOfficeContainer = (head: Uint8Array): OfficeContainer | undefined =>
  containerSignatures.find(
    ({ magic }) => magic.length <= head.length && magic.every((byte, index) => head[index] === byte),
  )?.container;

const typeWords: Record<AttachmentFileType, string> = {
  'application/pdf': 'a PDF document',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'model/step': 'a STEP model',
  'model/iges': 'an IGES model',
  'image/vnd.dwg': 'a DWG drawing',
  'image/vnd.dxf': 'a DXF drawing',
  'application/zip': 'a ZIP archive',
  'application/vnd.eplan.edz': 'a 7-Zip archive',
};

/**
 * What a file's first bytes show it to be, in words for a message ('a PDF document', 'CSV or
 * other text', 'an HTML page'), for files that are not what their name says.
 */
export const describeFileContent = (head: Uint8Array): string => {
  if (head.length === 0) return 'an empty file';
  const type = sniffFileType(head);
  if (type) return typeWords[type];
  const container = sniffOfficeContainer(head);
  if (container === 'zip') return 'a ZIP archive';
  if (container === 'cfb') return 'an OLE2 compound document';
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<!doctype html') || text.startsWith('<html')) return 'an HTML page';
  if (text.startsWith('<?xml') || text.startsWith('<')) return 'an XML document';
  if (text.startsWith('{') || text.startsWith('[')) return 'JSON text';
  // eslint-disable-next-line no-control-regex -- control characters other than tab and line breaks mean binary
  if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) return 'CSV or other text';
  return 'a binary file of an unknown kind';
};
