import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#lib/clients';
import { config } from '#lib/config';
import { logger } from '#lib/logger';
import { deleteAttachment, getAttachment } from '#repositories/attachments';

/** A rejected upload: its blob and its row go (the request keeps the name for the record). */
export const discardAttachment = async (componentId: number, id: string): Promise<void> => {
  const attachment = await getAttachment(componentId, id);
  if (!attachment) return;
  await s3()
    .send(new DeleteObjectCommand({ Bucket: config().BUCKET_NAME, Key: attachment.objectKey }))
    .catch((error: unknown) => logger.warn('could not delete a rejected attachment blob', { key: attachment.objectKey, error: error as Error }));
  await deleteAttachment(componentId, id);
};
