import { attachmentTypeOf, type UploadPurpose, type UploadTicket } from '#shared/schemas/files';
import { api } from './api-client';

/**
 * POST /api/uploads `{ fileName, fileType, size, purpose }`: where and how the browser may send
 * a file ('attachment': a document, picture, model, drawing or archive for a component's attachments; 'component-file': a new
 * component's file field, any type; 'import': an Excel workbook).
 */
export const requestUpload = (file: File, purpose: UploadPurpose) =>
  api.post<UploadTicket>('/uploads', {
    fileName: file.name,
    // An attachment's type by its name when the browser names none (a STEP model, an EPLAN part).
    fileType: (purpose === 'attachment' ? attachmentTypeOf(file) : file.type) || 'application/octet-stream',
    size: file.size,
    purpose,
  });

/**
 * Sends a file straight to S3 through a presigned POST and returns its upload key, which the
 * endpoint that takes the file then receives (a 10 MB file cannot pass through a Lambda).
 */
export const uploadFile = async (file: File, purpose: UploadPurpose): Promise<string> => {
  const upload = await requestUpload(file, purpose);
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
