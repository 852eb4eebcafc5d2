import { attachmentFileTypes, fileExtension, type AttachmentFileType } from '#shared/schemas/files';

/*
 * The real type of a file, read from its first bytes (ARCHITECTURE §6): a declared type or an
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
  signatures.find(({ magic }) => magic.length <= head.length && magic.every((byte, index) => head[index] === byte))?.type;

/**
 * Whether a file is what it says on every count: the declared type, the name's extension and the
 * bytes all agree (a PNG renamed `.pdf`, or declared `application/pdf`, is not).
 */
export const fileMatchesType = (file: { fileName: string; fileType: AttachmentFileType; head: Uint8Array }): boolean =>
  sniffFileType(file.head) === file.fileType && (attachmentFileTypes[file.fileType] as readonly string[]).includes(fileExtension(file.fileName));
