/**
 * The one form in which the hub stores and compares email addresses: trimmed, printable ASCII
 * only, ASCII letters lower-cased. Nothing else is folded: a lookalike such as the Kelvin sign
 * (U+212A, which JavaScript lower-cases to 'k') or a dotted capital I (U+0130) makes the address
 * unusable instead of landing on someone's ASCII address.
 */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

export const canonicalEmail = (value: string): string | undefined => {
  const trimmed = value.trim();
  if (!PRINTABLE_ASCII.test(trimmed)) return undefined;
  return trimmed.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
};
