import { attachmentKindOf, isAttachmentFileType, type Attachment, type AttachmentKind } from '#shared/schemas/files';

/** A file's kind by its type; a type this app no longer takes counts as a document. */
const kindOf = (attachment: Pick<Attachment, 'fileType'>): AttachmentKind =>
  isAttachmentFileType(attachment.fileType) ? attachmentKindOf[attachment.fileType] : 'document';

/** A picture to show: a JPEG, PNG or GIF (a DWG drawing's type says image, but no browser shows one). */
export const isImage = (attachment: Pick<Attachment, 'fileType'>): boolean => kindOf(attachment) === 'image';

/**
 * Attachments tab: the approved files by kind (pictures, documents, 3D models, drawings,
 * archives), and the pending ones.
 */
export const groupAttachments = (attachments: readonly Attachment[]) => {
  const approved = (kind: AttachmentKind) =>
    attachments.filter((attachment) => attachment.isApproved && kindOf(attachment) === kind);
  return {
    images: approved('image'),
    documents: approved('document'),
    models: approved('model'),
    drawings: approved('drawing'),
    archives: approved('archive'),
    pending: attachments.filter((attachment) => !attachment.isApproved),
  };
};

/** The image area shows the first approved image (the API lists the oldest first). */
export const mainImage = (attachments: readonly Attachment[] | undefined): Attachment | undefined =>
  attachments?.find((attachment) => attachment.isApproved && isImage(attachment));

/** '245 KB', '1.4 MB'. */
export const formatSize = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
