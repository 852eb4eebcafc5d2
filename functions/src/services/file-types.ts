import { attachmentFileTypes, fileExtension, type AttachmentFileType } from '#shared/schemas/files';

/*
 * The real type of a file, read from its first bytes: a declared type or an
 * extension is what the sender claims; the magic number is what the file is.
 */

/** How many leading bytes sniffFileType needs. */
export const SNIFF_BYTES = 16;

const signatures: { type: AttachmentFileType; magic: readonly number[] }[] = [
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }, // \x89PNG\r\n\x1a\n
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', magic: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] }, // GIF87a
  { type: 'image/gif', magic: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] }, // GIF89a
];

/** The attachment type the bytes are, or undefined when they are none of them. */
export const sniffFileType = (head: Uint8Array): AttachmentFileType | undefined =>
  signatures.find(({ magic }) => magic.length <= head.length && magic.every((byte, index) => head[index] === byte))
    ?.type;

/** Further image formats a SWE symbol may come in (the attachment rules take only the three above). */
const otherImageSignatures: { type: string; magic: readonly (number | undefined)[] }[] = [
  // RIFF....WEBP
  {
    type: 'image/webp',
    magic: [0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50],
  },
  { type: 'image/bmp', magic: [0x42, 0x4d] }, // BM
];

/**
 * The type of a component file field's bytes (the form's file widget): a PDF or an image the
 * magic number recognises, else the generic octet stream (the 3D symbol takes any file).
 */
export const sniffComponentFileType = (head: Uint8Array): string =>
  sniffFileType(head) ??
  otherImageSignatures.find(
    ({ magic }) =>
      magic.length <= head.length && magic.every((byte, index) => byte === undefined || head[index] === byte),
  )?.type ??
  'application/octet-stream';

/**
 * Whether a file is what it says on every count: the declared type, the name's extension and the
 * bytes all agree (a PNG renamed `.pdf`, or declared `application/pdf`, is not).
 */
export const fileMatchesType = (file: { fileName: string; fileType: AttachmentFileType; head: Uint8Array }): boolean =>
  sniffFileType(file.head) === file.fileType &&
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
