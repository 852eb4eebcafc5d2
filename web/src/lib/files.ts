/**
 * Files in the browser: sending one straight to S3 through a presigned POST (ARCHITECTURE §7),
 * and handing bytes to the user as a download.
 */

/** A presigned S3 POST as `POST /api/uploads` answers it. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  uploadKey: string;
}

/** Sends `file` to S3 with the ticket's fields; returns the upload key the API then names. */
export const sendToPresignedPost = async (ticket: PresignedPost, file: File): Promise<string> => {
  if (!ticket?.url || !ticket.uploadKey) throw new Error('The upload answer has no URL or key');
  const body = new FormData();
  for (const [name, value] of Object.entries(ticket.fields ?? {})) body.append(name, value);
  // S3 reads the policy fields first; the file must be the last part.
  body.append('file', file);
  const response = await fetch(ticket.url, { method: 'POST', body });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return ticket.uploadKey;
};

/** Hands bytes to the browser as a download named `fileName`. */
export const saveFile = (fileName: string, bytes: BlobPart, type: string): void => {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after this task; free it once the download has surely started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
