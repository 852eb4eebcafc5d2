/** Files in the browser: handing bytes to the user as a download. */

/** Hands bytes to the browser as a download named `fileName`. */
export const saveFile = (fileName: string, bytes: BlobPart, type: string): void => {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  downloadFrom(url, fileName);
  // The browser reads the blob after this task; free it once the download has surely started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/**
 * Follows a link to a file as a download: bytes made here, or a file the server made (a
 * short-lived address in the bucket, which names the file and says to download it). The page
 * stays where it is.
 */
export const downloadFrom = (url: string, fileName: string): void => {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
};
