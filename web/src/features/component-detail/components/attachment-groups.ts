import type { Attachment } from '#shared/schemas/files';

export const isImage = (attachment: Pick<Attachment, 'fileType'>): boolean => attachment.fileType.startsWith('image/');

/** Attachments tab: approved images, approved documents, and the pending ones. */
export const groupAttachments = (attachments: readonly Attachment[]) => ({
  images: attachments.filter((attachment) => attachment.isApproved && isImage(attachment)),
  documents: attachments.filter((attachment) => attachment.isApproved && !isImage(attachment)),
  pending: attachments.filter((attachment) => !attachment.isApproved),
});

/** The image area shows the first approved image (the API lists the oldest first). */
export const mainImage = (attachments: readonly Attachment[] | undefined): Attachment | undefined =>
  attachments?.find((attachment) => attachment.isApproved && isImage(attachment));

/** '245 KB', '1.4 MB'. */
export const formatSize = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
