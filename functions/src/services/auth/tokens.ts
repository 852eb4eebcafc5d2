import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies and emailed links. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What is stored in place of a token. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * A name for something shown to its owner that must not reveal the secret behind it (a session's
 * public id): 128 random bits, unrelated to the token.
 */
export const randomPublicId = (): string => randomBytes(16).toString('base64url');
