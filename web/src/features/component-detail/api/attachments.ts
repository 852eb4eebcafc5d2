import { useSWRConfig } from 'swr';
import { attachmentTypeOf, type Attachment } from '#shared/schemas/files';
import { api } from '#web/lib/api-client.ts';
import { uploadFile } from '#web/lib/upload-file.ts';
import type { RequestAnswer } from './change-requests';
import { useApiQuery } from '#web/lib/api-query.ts';

export const attachmentsKey = (componentId: number | string) => `/components/${componentId}/attachments`;

/** GET /api/components/{id}/attachments: oldest first; pending ones only the uploader's (or all, for an admin). */
export const useAttachments = (componentId: string) => {
  const { data, error, isLoading } = useApiQuery<Attachment[]>(attachmentsKey(componentId));
  return { attachments: data, error, isLoading };
};

/** Reads a component's attachments again (after an upload, a deletion or a distributor search). */
export const useReloadAttachments = () => {
  const { mutate } = useSWRConfig();
  return (componentId: number) => mutate(attachmentsKey(componentId));
};

/**
 * An upload: the file straight to S3 through a presigned POST, then
 * POST /api/components/{id}/attachments `{ fileName, fileType, uploadKey, componentId, username }`.
 */
export const uploadAttachment = async (componentId: number, file: File, username: string): Promise<RequestAnswer> => {
  const uploadKey = await uploadFile(file, 'attachment');
  return api.post<RequestAnswer>(`/components/${componentId}/attachments`, {
    fileName: file.name,
    fileType: attachmentTypeOf(file),
    uploadKey,
    componentId,
    username,
  });
};

/** DELETE /api/components/{id}/attachments/{attachmentId}. */
export const deleteAttachment = (componentId: number, attachmentId: string) =>
  api.delete<{ message: string }>(`/components/${componentId}/attachments/${encodeURIComponent(attachmentId)}`);
