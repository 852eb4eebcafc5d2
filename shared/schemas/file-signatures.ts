import type { AttachmentFileType } from './files';

/*
 * The real type of a file, read from its first bytes: a declared type or an extension is what the
 * sender claims; the magic number is what the file is. The server checks stored files with these
 * rules and the browser checks a chosen file with the same ones before sending it.
 */

/** How many leading bytes sniffFileType needs: an IGES file's first record is 80 characters. */
export const SNIFF_BYTES = 128;

const startsWith = (head: Uint8Array, magic: readonly number[]): boolean =>
  magic.length <= head.length && magic.every((byte, index) => head[index] === byte);

/** The first bytes as text (Latin-1, so every byte is one character), a byte order mark left out. */
const headText = (head: Uint8Array): string => String.fromCharCode(...head).replace(/^\xef\xbb\xbf/, '');

/** AutoCAD's binary DXF sentinel: the text, CR LF, SUB and NUL. */
const BINARY_DXF = [...'AutoCAD Binary DXF\r\n'].map((char) => char.charCodeAt(0)).concat(0x1a, 0x00);
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const SEVEN_ZIP = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]; // 7z\xBC\xAF'\x1C

/**
 * How each attachment type begins. Text formats by their opening: a STEP file (ISO 10303-21)
 * with `ISO-10303-21;`, an IGES file with its 80-column Start record (`S` and the sequence number
 * 1 in columns 73-80), an ASCII DXF with its group code 0 and `SECTION` (or a 999 comment first),
 * a binary DXF with `AutoCAD Binary DXF`; a DWG with its version `AC10nn`. EPLAN packs its data
 * with 7-Zip; an `.edz` in a ZIP is taken too.
 */
const signatures: { type: AttachmentFileType; test: (head: Uint8Array) => boolean }[] = [
  { type: 'application/pdf', test: (head) => startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d]) }, // %PDF-
  { type: 'image/png', test: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (head) => /^GIF8[79]a/.test(headText(head)) },
  { type: 'model/step', test: (head) => /^\s*ISO-10303-21\s*;/.test(headText(head)) },
  { type: 'model/iges', test: (head) => /^.{72}S[ 0]{6}1\r?\n/.test(headText(head)) },
  { type: 'image/vnd.dwg', test: (head) => /^AC10\d\d/.test(headText(head)) },
  {
    type: 'image/vnd.dxf',
    test: (head) =>
      /^(\s*999\r?\n[^\n]*\n)?\s*0\r?\n\s*SECTION\b/.test(headText(head)) || startsWith(head, [...BINARY_DXF]),
  },
  { type: 'application/zip', test: (head) => startsWith(head, ZIP) },
  { type: 'application/vnd.eplan.edz', test: (head) => startsWith(head, SEVEN_ZIP) || startsWith(head, ZIP) },
];

/** The attachment type the bytes are, or undefined when they are none of them (a ZIP is a ZIP, whatever its name). */
export const sniffFileType = (head: Uint8Array): AttachmentFileType | undefined =>
  signatures.find(({ test }) => test(head))?.type;

/** Whether the bytes are a file of this type (an `.edz` may be 7-Zip or ZIP). */
export const bytesAreType = (head: Uint8Array, type: AttachmentFileType): boolean =>
  signatures.some((signature) => signature.type === type && signature.test(head));

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
