import * as z from 'zod';
import { messages } from '../messages';

/**
 * Characters no stored text may hold: the bidirectional embeddings, overrides and isolates that
 * make text display in another order than it is stored (a name that reads as someone else's, a
 * comment that hides what it says), NUL, which cuts text short in many tools, and a surrogate
 * without its pair, which is no character at all and breaks encoders. With the `u` flag a
 * proper surrogate pair is one code point and does not match.
 */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters refused
const UNSAFE_TEXT = /[\u0000\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/u;

export const isSafeText = (text: string): boolean => !UNSAFE_TEXT.test(text);

/** A string field that refuses the characters above, naming the field in its message. */
export const safeText = (label: string, options: { error?: string } = {}) =>
  z
    .string(options.error === undefined ? undefined : { error: options.error })
    .refine(isSafeText, messages.textControlCharacters(label));
