import { createHash } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ATTACHMENT_MAX_BYTES, type AttachmentFileType } from '#shared/schemas/files';
import { SNIFF_BYTES, sniffFileType } from '#services/file-types';

/** A file copied from a distributor, checked as an upload is: size, and type from its bytes. */
export interface DownloadedFile {
  bytes: Buffer;
  fileType: AttachmentFileType;
  /** Hex SHA-256 of the bytes: the same file under another address is still the same file. */
  sha256: string;
  /** Where it was fetched from, after redirects and the https upgrade. */
  url: string;
}

export type RejectionReason = 'address' | 'status' | 'blocked' | 'too-large' | 'type' | 'failed';

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

/** Resolves a host name to its addresses (all of them); the default asks the system resolver. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface DownloadOptions {
  /** The types this file may be (an image: PNG, JPEG, GIF; a datasheet: PDF). */
  accept: readonly AttachmentFileType[];
  /**
   * Origins configured as the distributor's own (its API origin, e.g. the local emulator): used
   * as given, over http too, whatever address they have. Every other address must be public.
   */
  trustedOrigins: readonly string[];
  /**
   * Makers' hosts a plain-http link may fall back to when its https form fails. Links to other
   * hosts are fetched over https only.
   */
  httpHosts?: readonly string[];
  timeoutMs: number;
  signal?: AbortSignal;
  maxBytes?: number;
  resolve?: Resolver;
}

const MAX_REDIRECTS = 3;

/** Addresses a file link must never reach: loopback, private, link-local, shared, multicast, reserved. */
const privateRanges = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/** True for an address a server may fetch from on a user's behalf (public unicast only). */
export const isPublicAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return !privateRanges.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
    return !privateRanges.check(address, 'ipv6');
  }
  return false;
};

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * The address the connection is made to, checked after resolution and used as resolved, so a
 * name cannot be re-pointed at an inner address between the check and the connection.
 */
const guardedLookup =
  (resolve: Resolver): LookupFunction =>
  (hostname, options, callback) => {
    const literal = hostname.replace(/^\[|\]$/g, '');
    const addresses: Promise<LookupAddress[]> = isIP(literal)
      ? Promise.resolve([{ address: literal, family: isIP(literal) }])
      : resolve(hostname);
    addresses.then(
      (found) => {
        const refused = found.find((entry) => !isPublicAddress(entry.address));
        if (found.length === 0 || refused)
          return callback(
            new FileRejected(
              'address',
              `${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`,
            ),
            '',
            0,
          );
        if ((options as { all?: boolean }).all) return (callback as (e: null, a: LookupAddress[]) => void)(null, found);
        callback(null, found[0]!.address, found[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };

/** How a link is tried: the addresses in order (an http link: its https form first). */
export interface DownloadPlan {
  attempts: URL[];
}

/**
 * The addresses a link is fetched from, or FileRejected('address'): a configured origin as
 * given; https as given; `//host/...` as https; a plain-http link first as https, then as http
 * only for a maker's host on the allow-list. Credentials in a link are refused.
 */
export const planDownload = (
  address: string,
  options: Pick<DownloadOptions, 'trustedOrigins' | 'httpHosts'>,
): DownloadPlan => {
  let url: URL;
  try {
    url = new URL(address.trim().startsWith('//') ? `https:${address.trim()}` : address.trim());
  } catch {
    throw new FileRejected('address', 'not a web address');
  }
  if (url.username || url.password) throw new FileRejected('address', 'address with credentials');
  if (options.trustedOrigins.includes(url.origin)) return { attempts: [url] };
  if (url.protocol === 'https:') return { attempts: [url] };
  if (url.protocol !== 'http:') throw new FileRejected('address', `${url.protocol} address`);
  const secure = new URL(url.href);
  secure.protocol = 'https:';
  if (secure.port === '80') secure.port = '';
  const allowed = (options.httpHosts ?? []).includes(url.hostname.toLowerCase());
  return { attempts: allowed ? [secure, url] : [secure] };
};

interface Exchange {
  status: number;
  headers: IncomingMessage['headers'];
  body: IncomingMessage;
}

/** One GET; a redirect is not followed here (its target is checked like any link). */
const get = (url: URL, options: DownloadOptions, trusted: boolean, signal: AbortSignal): Promise<Exchange> =>
  new Promise((resolve, reject) => {
    // An address written as an IP is connected to without a lookup: it is judged here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!trusted && isIP(literal) && !isPublicAddress(literal))
      return reject(new FileRejected('address', `${literal} is not a public address`));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'GET',
      headers: { accept: options.accept.join(', '), 'user-agent': 'ComponentHub/1.0 (datasheet and photo copy)' },
      signal,
      ...(!trusted && { lookup: guardedLookup(options.resolve ?? systemResolver) }),
    });
    request.on('response', (response) =>
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response }),
    );
    request.on('error', reject);
    request.end();
  });

const readLimited = async (body: IncomingMessage, declared: number, maxBytes: number): Promise<Buffer> => {
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw new FileRejected('too-large', `declared ${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      body.destroy();
      throw new FileRejected('too-large', `more than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** Fetches one planned address, following a few redirects (each planned and checked again). */
const fetchOne = async (start: URL, options: DownloadOptions, signal: AbortSignal): Promise<DownloadedFile> => {
  const maxBytes = options.maxBytes ?? ATTACHMENT_MAX_BYTES;
  let url = start;
  for (let redirects = 0; ; redirects++) {
    const trusted = options.trustedOrigins.includes(url.origin);
    const { status, headers, body } = await get(url, options, trusted, signal);
    const location = headers.location;
    if (status >= 300 && status < 400 && location) {
      body.destroy();
      if (redirects >= MAX_REDIRECTS) throw new FileRejected('status', 'too many redirects');
      const next = new URL(location, url);
      // A redirect may not downgrade to http, nor leave for an address a link could not name.
      url = planDownload(next.href, { trustedOrigins: options.trustedOrigins }).attempts[0]!;
      continue;
    }
    if (status < 200 || status >= 300) {
      const html = /text\/html/i.test(String(headers['content-type'] ?? ''));
      body.destroy();
      // Bot protection (Akamai, DataDome) answers 403 with a page instead of the file.
      if (html && (status === 403 || status === 429))
        throw new FileRejected('blocked', `HTTP ${status}: an HTML page (the host blocks automated downloads)`);
      throw new FileRejected('status', `HTTP ${status}`);
    }
    const bytes = await readLimited(body, Number(headers['content-length']), maxBytes);
    const fileType = sniffFileType(bytes.subarray(0, SNIFF_BYTES));
    if (!fileType || !options.accept.includes(fileType))
      throw new FileRejected('type', `not ${options.accept.join(' or ')}`);
    return { bytes, fileType, sha256: createHash('sha256').update(bytes).digest('hex'), url: url.href };
  }
};

/**
 * Fetches a product image or datasheet named in a distributor's answer: the planned addresses in
 * order (an http link's https form first), never a private or loopback address unless it is the
 * distributor's configured origin, a few redirects each checked the same way, at most 10 MB
 * read, and the type sniffed from the bytes, whatever the server's Content-Type says.
 */
export const downloadFile = async (address: string, options: DownloadOptions): Promise<DownloadedFile> => {
  const { attempts } = planDownload(address, options);
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  let failure: FileRejected | undefined;
  for (const attempt of attempts) {
    try {
      return await fetchOne(attempt, options, signal);
    } catch (error) {
      failure =
        error instanceof FileRejected ? error : new FileRejected('failed', (error as Error).message || String(error));
      // An answer that was a file of the wrong kind, or too large, is final; a refusal or an
      // unreachable https form lets the next (http) form be tried.
      if (failure.reason === 'type' || failure.reason === 'too-large' || failure.reason === 'address') break;
      if (signal.aborted) break;
    }
  }
  throw failure ?? new FileRejected('failed', 'no address to try');
};
