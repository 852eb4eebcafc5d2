import * as z from 'zod';
import { messages } from '../messages';
import { componentIdSchema, type ComponentFileField } from './component';

/*
 * Files: the upload rules and the shapes of the file endpoints.
 * The SPA checks a picked file with the same functions before uploading; the API checks again.
 */

export const MEGABYTE = 1024 * 1024;
/** Attachments up to 10 MB (10*1024*1024 bytes, that size itself allowed). */
export const ATTACHMENT_MAX_MEGABYTES = 10;
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MEGABYTES * MEGABYTE;
/** Excel imports up to 20 MB (20971520 bytes). */
export const IMPORT_MAX_BYTES = 20 * MEGABYTE;
/**
 * A file sent inside a JSON body as base64 (the documented `fileData`): at most 4 MB, so the body
 * stays under Lambda's 6 MB request limit. Larger files go through `POST /api/uploads`.
 */
export const INLINE_FILE_MAX_MEGABYTES = 4;
export const INLINE_FILE_MAX_BYTES = INLINE_FILE_MAX_MEGABYTES * MEGABYTE;
/** The JSON body of a route that takes an inline file: Lambda's own 6 MB payload limit. */
export const INLINE_FILE_BODY_MAX_BYTES = 6 * MEGABYTE;
/** How long a presigned upload stays usable. */
export const UPLOAD_LINK_SECONDS = 5 * 60;
/** Names longer than this are refused as input; stored names are shortened further. */
const FILE_NAME_INPUT_MAX_LENGTH = 1000;

/**
 * The attachment types the product accepts and the extensions the picker accepts for each:
 * documents and pictures, and the files design tools exchange: STEP and IGES models, DWG and DXF
 * drawings, ZIP archives (SOLIDWORKS Electrical's `.tewzip` among them) and EPLAN's `.edz` parts.
 */
export const attachmentFileTypes = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'model/step': ['.step', '.stp'],
  'model/iges': ['.iges', '.igs'],
  'image/vnd.dwg': ['.dwg'],
  'image/vnd.dxf': ['.dxf'],
  'application/zip': ['.zip', '.tewzip'],
  'application/vnd.eplan.edz': ['.edz'],
} as const satisfies Record<string, readonly string[]>;
export type AttachmentFileType = keyof typeof attachmentFileTypes;

/** How the Attachments tab groups files. */
export const attachmentKinds = ['document', 'image', 'model', 'drawing', 'archive'] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];
export const attachmentKindOf: Record<AttachmentFileType, AttachmentKind> = {
  'application/pdf': 'document',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'model/step': 'model',
  'model/iges': 'model',
  'image/vnd.dwg': 'drawing',
  'image/vnd.dxf': 'drawing',
  'application/zip': 'archive',
  'application/vnd.eplan.edz': 'archive',
};

/**
 * An attachment's type: the one the browser names when it is one of ours, else the one its
 * name's extension stands for (browsers name no type for a `.step` or an `.edz`). The bytes
 * are checked against it on the server.
 */
export const attachmentTypeOf = (file: { name: string; type: string }): string => {
  const declared = file.type.trim().toLowerCase();
  if (isAttachmentFileType(declared)) return declared;
  const extension = fileExtension(file.name);
  const byName = (Object.keys(attachmentFileTypes) as AttachmentFileType[]).find((type) =>
    (attachmentFileTypes[type] as readonly string[]).includes(extension),
  );
  return byName ?? declared;
};

/** The upload dialog's `accept` list: '.pdf,.jpg,.jpeg,.png,.gif'. */
export const attachmentAccept = Object.values(attachmentFileTypes).flat().join(',');

export const isAttachmentFileType = (type: string): type is AttachmentFileType =>
  Object.hasOwn(attachmentFileTypes, type);

/** Spreadsheet types by extension (browsers report them inconsistently, so the name decides). */
export const excelFileTypes = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
} as const;

/** `.pdf` for 'Datasheet.PDF'; '' without an extension. */
export const fileExtension = (fileName: string): string => /\.[^./\\]*$/.exec(fileName.trim().toLowerCase())?.[0] ?? '';

export interface FileProblem {
  field: 'fileName' | 'fileType' | 'size';
  message: string;
}

/** Empty, or over the 10 MB of attachments and component files. */
export const fileSizeProblem = (size: number): FileProblem | undefined => {
  if (size <= 0) return { field: 'size', message: messages.fileEmpty };
  if (size > ATTACHMENT_MAX_BYTES) return { field: 'size', message: messages.fileTooLarge(ATTACHMENT_MAX_MEGABYTES) };
  return undefined;
};

/** What is wrong with a file for an attachment: its size first, then its type. */
export const attachmentFileProblem = (file: { name?: string; type: string; size: number }): FileProblem | undefined => {
  const sizeProblem = fileSizeProblem(file.size);
  if (sizeProblem) return sizeProblem;
  if (
    !isAttachmentFileType(
      file.name === undefined ? file.type.trim().toLowerCase() : attachmentTypeOf({ name: file.name, type: file.type }),
    )
  )
    return { field: 'fileType', message: messages.attachmentTypeInvalid };
  return undefined;
};

/** What each new-component file field takes: the datasheet PDF only, the SWE Symbol images only. */
export type ComponentFileKind = 'pdf' | 'image' | 'any';
export const componentFileKinds: Record<ComponentFileField, ComponentFileKind> = {
  dataSheet: 'pdf',
  threeDPart: 'any',
  scheme: 'image',
};

/**
 * What is wrong with a file for a component file field (the form's file widget): size, then type.
 * `type` is the declared type in the browser and the type sniffed from the bytes on the server.
 */
export const componentFileProblem = (
  kind: ComponentFileKind,
  file: { type: string; size: number },
): FileProblem | undefined => {
  const sizeProblem = fileSizeProblem(file.size);
  if (sizeProblem) return sizeProblem;
  if (kind === 'pdf' && file.type !== 'application/pdf') return { field: 'fileType', message: messages.pdfFileOnly };
  if (kind === 'image' && !file.type.startsWith('image/'))
    return { field: 'fileType', message: messages.imageFileOnly };
  return undefined;
};

/** What is wrong with a file for the Excel import: its name's extension and its size. */
export const excelFileProblem = (file: { name: string; size: number }): FileProblem | undefined => {
  if (!Object.hasOwn(excelFileTypes, fileExtension(file.name)))
    return { field: 'fileName', message: messages.excelTypeInvalid };
  if (file.size <= 0) return { field: 'size', message: messages.fileEmpty };
  if (file.size > IMPORT_MAX_BYTES) return { field: 'size', message: messages.excelTooLarge };
  return undefined;
};

const fileNameInput = z
  .string({ error: messages.noFileSelected })
  .trim()
  .min(1, messages.noFileSelected)
  .max(FILE_NAME_INPUT_MAX_LENGTH, messages.textTooLong('fileName', FILE_NAME_INPUT_MAX_LENGTH));

export const uploadPurposes = ['attachment', 'import', 'component-file'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** A file's declared MIME type, as sent: trimmed, in lower case. */
const declaredFileType = z.string({ error: messages.attachmentTypeInvalid }).trim().toLowerCase();

/**
 * How a file reaches an endpoint that takes one: the `uploadKey` of a presigned upload, or the
 * documented base64 `fileData`.
 */
export const fileSourceFields = {
  uploadKey: z
    .string({ error: messages.uploadKeyInvalid })
    .trim()
    .min(1, messages.uploadKeyInvalid)
    .max(1024, messages.uploadKeyInvalid)
    .optional(),
  fileData: z.string({ error: messages.fileDataInvalid }).optional(),
};

/** Exactly one of the two is sent; the refusal is told at `uploadKey`. */
export const oneFileSource = {
  check: (body: { uploadKey?: string | undefined; fileData?: string | undefined }) =>
    (body.uploadKey === undefined) !== (body.fileData === undefined),
  issue: { message: messages.fileSourceMissing, path: ['uploadKey'] },
};

/**
 * `POST /api/uploads`: the file the browser is about to send. `purpose` is 'attachment' (the
 * default), 'import' (the Excel import: 20 MB, .xlsx or .xls, the declared type not needed) or
 * 'component-file' (a new component's datasheet, 3D symbol or SWE symbol: any type, 10 MB; the
 * form checks each field's own type rule).
 */
export const createUploadSchema = z
  .object({
    fileName: fileNameInput,
    fileType: declaredFileType.max(200, messages.attachmentTypeInvalid).default(''),
    size: z
      .number({ error: 'size must be the file size in bytes' })
      .int('size must be the file size in bytes')
      .min(0, 'size must be the file size in bytes'),
    purpose: z
      .enum(uploadPurposes, { error: 'purpose must be attachment, import or component-file' })
      .default('attachment'),
  })
  .superRefine((upload, ctx) => {
    const problem =
      upload.purpose === 'import'
        ? excelFileProblem({ name: upload.fileName, size: upload.size })
        : upload.purpose === 'component-file'
          ? fileSizeProblem(upload.size)
          : attachmentFileProblem({ type: upload.fileType, size: upload.size });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type CreateUploadInput = z.output<typeof createUploadSchema>;

/** The presigned POST: the browser sends `fields` and then the file (last) as multipart/form-data to `url`. */
export interface UploadTicket {
  url: string;
  fields: Record<string, string>;
  /** What to send to the endpoint that takes the file (`uploadKey`). */
  uploadKey: string;
  /** The largest size S3 accepts for this upload, in bytes. */
  maxSize: number;
  expiresAt: string;
}

/**
 * `POST /api/components/{id}/attachments`: `{ fileName, fileType, uploadKey }` after a presigned
 * upload, or the documented `{ fileName, fileType, fileData (base64, with or without a data-URL
 * prefix), componentId, username }` for files up to 4 MB. componentId and username are ignored:
 * the path and the session say which component and who.
 */
export const addAttachmentSchema = z
  .object({
    fileName: fileNameInput,
    fileType: declaredFileType
      .refine(isAttachmentFileType, messages.attachmentTypeInvalid)
      .transform((type) => type as AttachmentFileType),
    ...fileSourceFields,
  })
  .refine(oneFileSource.check, oneFileSource.issue);
export type AddAttachmentInput = z.output<typeof addAttachmentSchema>;

const ulidText = /^[0-9A-HJKMNP-TV-Z]{26}$/i;
const attachmentId = z
  .string()
  .trim()
  .regex(ulidText, messages.attachmentNotFound)
  .transform((id) => id.toUpperCase());

/** `GET /api/attachments/{id}/download` */
export const attachmentIdPathSchema = z.object({ id: attachmentId });
/** `?preview=true`: a PDF shown in the browser rather than saved. */
export const attachmentDownloadQuerySchema = z.object({
  preview: z
    .string()
    .optional()
    .transform((raw) => raw === 'true' || raw === '1'),
});

/** `DELETE /api/components/{id}/attachments/{attachmentId}` */
export const componentAttachmentPathSchema = componentIdSchema.extend({ attachmentId });

/** Where the API serves an attachment's bytes: a redirect to a short-lived S3 link. */
export const attachmentDownloadPath = (id: string): string => `/api/attachments/${id}/download`;

/** An attachment as the API shows it, without the bytes: `url` serves them. */
export interface Attachment {
  id: string;
  componentId: number;
  fileName: string;
  fileType: string;
  size: number;
  isApproved: boolean;
  createdAt: string;
  /** Who uploaded it (their display name). */
  username: string;
  imageSource: string | null;
  /** JSON text, e.g. `{"type":"datasheet","source":"digikey"}`. */
  sourceMetadata: string | null;
  sourceConfidence: number | null;
  url: string;
  /** True once a download found the file missing from storage: show it as unavailable, not as a link. */
  fileMissing?: boolean;
}
