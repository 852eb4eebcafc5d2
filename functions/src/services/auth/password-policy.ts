/*
 * Passwords that meet the composition rule but are guessed first: the most common passwords,
 * and passwords built from words of the account itself. Checked on the server wherever a
 * password is set, after the rule in shared/schemas/auth.ts (which stays the customer's).
 *
 * The list is zxcvbn's `passwords-common` as published by zxcvbn-ts (@zxcvbn-ts/language-common
 * 4.x, MIT): about 49,000 passwords ordered by how often they were found in leaked password
 * sets, lower-case. All of it is used, well beyond the 10,000 most common. It weighs about 370 KB,
 * so only the functions that set a password import this module; the SPA never loads it and
 * relies on the server's answer.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { messages } from '#shared/messages';
import { Invalid } from '#lib/errors';

/** Words anyone would try first against an account of this product. */
const PRODUCT_WORDS = ['component', 'componenthub'];
/** Shorter pieces of a name (initials, "li") would refuse far too many good passwords. */
const SHORTEST_CONTEXT_WORD = 3;
/** A listed word under this length inside a longer password is not what makes it guessable. */
const SHORTEST_LISTED_CORE = 4;

let commonPasswords: Set<string> | undefined;
const isListed = (candidate: string): boolean =>
  (commonPasswords ??= new Set(dictionary['passwords-common'])).has(candidate);

const fold = (text: string): string => text.normalize('NFKC').toLowerCase();
const lettersOnly = (text: string): string => text.replace(/[^\p{L}]+/gu, '');

/** The substitutions people make to dress a word up ("P@ssw0rd"); `1` stands for i as often as l. */
const LEET: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g' };
const LEET_SYMBOLS: Record<string, string> = { '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };
const unleet = (text: string, one: 'i' | 'l'): string =>
  [...text].map((char) => (char === '1' ? one : (LEET[char] ?? LEET_SYMBOLS[char] ?? char))).join('');

/**
 * A listed password, case aside, or a listed word with only digits and symbols put before or
 * after it ("Monkey!2024", "P@ssw0rd1!"): the variations that guessing tools try first.
 */
export const isCommonPassword = (password: string): boolean => {
  const folded = fold(password);
  if (isListed(folded)) return true;
  const core = folded.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core !== folded && core.length >= SHORTEST_LISTED_CORE && isListed(core);
};

/** Who the password is for, as far as is known where it is set. */
export interface PasswordContext {
  username?: string | undefined;
  name?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
}

/** The words of the context: product name, username, names and the email's local part, in pieces. */
const contextWords = (context: PasswordContext): string[] => {
  const texts = [context.username, context.name, context.firstName, context.lastName, context.email?.split('@')[0]];
  const pieces = texts.flatMap((text) => fold(text ?? '').split(/[^\p{L}]+/u));
  return [...new Set([...PRODUCT_WORDS, ...pieces])].filter((word) => word.length >= SHORTEST_CONTEXT_WORD);
};

/**
 * True when the password spells a word of its context, whatever the case and with digits,
 * separators and look-alike substitutions taken out ("J0hn.Smith-1990" holds "john").
 */
export const containsContextWord = (password: string, context: PasswordContext): boolean => {
  const folded = fold(password);
  const forms = [lettersOnly(folded), lettersOnly(unleet(folded, 'i')), lettersOnly(unleet(folded, 'l'))];
  return contextWords(context).some((word) => forms.some((form) => form.includes(word)));
};

/** Why the password is too easy to guess, in the words shown to its user; undefined when it is not. */
export const guessablePasswordProblem = (password: string, context: PasswordContext): string | undefined =>
  isCommonPassword(password)
    ? messages.passwordCommon
    : containsContextWord(password, context)
      ? messages.passwordContext
      : undefined;

/**
 * Refuses a guessable password as a field error on `field` (the request's name for it), so the
 * form shows it where the password was typed.
 */
export const refuseGuessablePassword = (password: string, context: PasswordContext, field: string): void => {
  const problem = guessablePasswordProblem(password, context);
  if (problem) throw new Invalid(problem, { [field]: problem });
};
