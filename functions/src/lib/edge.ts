import { timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { config } from './config';
import { readSecret } from './secrets';

/*
 * Who is calling, as far as the network can tell. Behind CloudFront the connection API Gateway
 * sees comes from an edge server, so `requestContext.http.sourceIp` names the edge, not the
 * person: throttles keyed on it would lump every visitor of one edge together. CloudFront passes
 * the viewer's own address in `CloudFront-Viewer-Address` (the origin request policy forwards it),
 * and proves the request came through it with a secret custom origin header. Only a request that
 * carries that secret is trusted for the viewer address; with the secret configured, a request
 * without it (someone calling the execute-api endpoint directly) is refused.
 */

/** The custom header CloudFront adds to every origin request for the API. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** CloudFront's header with the viewer's address and source port, `198.51.100.10:46532` or `2001:db8::1:46532`. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The shared secret, when this deployment sits behind CloudFront; undefined when it does not. */
export const originVerifySecret = async (): Promise<string | undefined> => {
  const { ORIGIN_VERIFY_SECRET, ORIGIN_VERIFY_SECRET_ARN } = config();
  if (ORIGIN_VERIFY_SECRET) return ORIGIN_VERIFY_SECRET;
  if (ORIGIN_VERIFY_SECRET_ARN) return readSecret(ORIGIN_VERIFY_SECRET_ARN);
  return undefined;
};

/** Compares in constant time, so the secret cannot be guessed a character at a time. */
export const isOriginSecret = (given: string | undefined, expected: string): boolean => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The address part of CloudFront-Viewer-Address (its last `:<port>` removed); undefined when malformed. */
export const viewerAddress = (header: string | undefined): string | undefined => {
  const match = /^\[?([0-9A-Fa-f.:]+?)\]?:(\d{1,5})$/.exec(header?.trim() ?? '');
  return match?.[1];
};

const expandIPv6 = (address: string): string[] => {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
};

/**
 * What the throttles count a client as: an IPv4 address as it is, an IPv6 address by its /64
 * network, since one subscriber usually holds a whole /64 and could otherwise step through it.
 */
export const clientKeyOf = (address: string): string => {
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address.toLowerCase())
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
};
