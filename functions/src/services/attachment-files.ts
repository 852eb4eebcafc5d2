import { deleteAttachment, getAttachment } from '#repositories/attachments';
import { deleteFileQuietly } from './file-store';

/** A rejected upload: its blob and its row go (the request keeps the name for the record). */
export const discardAttachment = async (componentId: number, id: string): Promise<void> => {
  const attachment = await getAttachment(componentId, id);
  if (!attachment) return;
  await deleteFileQuietly(attachment.objectKey, 'a rejected attachment blob');
  await deleteAttachment(componentId, id);
};
