import { api } from '../../../lib/api-client';

/** `POST /api/uploads`'s answer: a presigned S3 POST (ARCHITECTURE §7). */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  uploadKey: string;
  /** Bytes. */
  maxSize: number;
}

/** POST /api/uploads `{ fileName, fileType, size, purpose }`: where and how the browser may send a component's file (any type). */
export const requestUpload = (file: File) =>
  api.post<PresignedUpload>('/uploads', {
    fileName: file.name,
    fileType: file.type || 'application/octet-stream',
    size: file.size,
    purpose: 'component-file',
  });

/**
 * Sends a file straight to S3 through a presigned POST and returns its upload key, which the
 * component's file field then carries (a 10 MB file cannot pass through a Lambda).
 */
export const uploadFile = async (file: File): Promise<string> => {
  const upload = await requestUpload(file);
  if (!upload?.url || !upload.uploadKey) throw new Error('The upload answer has no URL or key');
  if (file.size > upload.maxSize) throw new Error(`The file is larger than the ${upload.maxSize} bytes allowed`);
  const body = new FormData();
  for (const [name, value] of Object.entries(upload.fields ?? {})) body.append(name, value);
  // S3 reads the policy fields first; the file must be the last part.
  body.append('file', file);
  const response = await fetch(upload.url, { method: 'POST', body });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return upload.uploadKey;
};
