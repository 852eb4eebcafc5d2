import { createHash } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, type AttachmentFileType } from '#shared/schemas/files';
import { SNIFF_BYTES, sniffFileType } from '#services/file-types';

/** A file copied from a distributor, checked as an upload is: size, and type from its bytes. */
export interface DownloadedFile {
  bytes: Buffer;
  fileType: AttachmentFileType;
  /** Hex SHA-256 of the bytes: the same file under another address is still the same file. */
  sha256: string;
  /** Where it was fetched from, after redirects. */
  url: string;
}

export type RejectionReason = 'address' | 'status' | 'too-large' | 'type' | 'failed';

/** A file that was not copied, and why (logged; the search goes on without it). */
export class FileRejected extends Error {
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'FileRejected';
  }
}

export interface DownloadOptions {
  /** The types this file may be (an image: PNG, JPEG, GIF; a datasheet: PDF). */
  accept: readonly AttachmentFileType[];
  /** Origins trusted over plain http (the distributor's own API, e.g. the local emulator); others need https. */
  trustedOrigins: readonly string[];
  timeoutMs: number;
  signal?: AbortSignal;
  maxBytes?: number;
}

const MAX_REDIRECTS = 3;

const checkAddress = (address: string, trustedOrigins: readonly string[]): URL => {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FileRejected('address', 'not a web address');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && trustedOrigins.includes(url.origin))) {
    throw new FileRejected('address', `${url.protocol} address of an untrusted host`);
  }
  if (url.username || url.password) throw new FileRejected('address', 'address with credentials');
  return url;
};

const readLimited = async (response: Response, maxBytes: number): Promise<Buffer> => {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new FileRejected('too-large', `declared ${declared} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FileRejected('too-large', `more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
};

/**
 * Fetches a product image or datasheet named in a distributor's answer: https only (or the
 * trusted origins), a few redirects each checked the same way, at most 10 MB read, and the type
 * sniffed from the bytes, whatever the server's Content-Type says.
 */
export const downloadFile = async (address: string, options: DownloadOptions): Promise<DownloadedFile> => {
  const maxBytes = options.maxBytes ?? ATTACHMENT_MAX_BYTES;
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  let url = checkAddress(address, options.trustedOrigins);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: options.accept.join(', ') } });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (redirects >= MAX_REDIRECTS) throw new FileRejected('status', 'too many redirects');
        url = checkAddress(new URL(location, url).href, options.trustedOrigins);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FileRejected('status', `HTTP ${response.status}`);
      }
      const bytes = await readLimited(response, maxBytes);
      const fileType = sniffFileType(bytes.subarray(0, SNIFF_BYTES));
      if (!fileType || !options.accept.includes(fileType))
        throw new FileRejected('type', `not ${options.accept.join(' or ')}`);
      return { bytes, fileType, sha256: createHash('sha256').update(bytes).digest('hex'), url: url.href };
    }
  } catch (error) {
    if (error instanceof FileRejected) throw error;
    throw new FileRejected('failed', (error as Error).message);
  }
};
