import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies and emailed links. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What is stored in place of a token. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
