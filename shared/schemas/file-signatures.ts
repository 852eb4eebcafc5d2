import type { AttachmentFileType } from './files';

/*
 * The real type of a file, read from its first bytes: a declared type or an extension is what the
 * sender claims; the magic number is what the file is. The server checks stored files with these
 * rules and the browser checks a chosen file with the same ones before sending it.
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
 * The type of a component file field's bytes (the add form's file widgets): a PDF or an image the
 * magic number recognises, else the generic octet stream (the 3D symbol takes any file).
 */
export const sniffComponentFileType = (head: Uint8Array): string =>
  sniffFileType(head) ??
  otherImageSignatures.find(
    ({ magic }) =>
      magic.length <= head.length && magic.every((byte, index) => byte === undefined || head[index] === byte),
  )?.type ??
  'application/octet-stream';
