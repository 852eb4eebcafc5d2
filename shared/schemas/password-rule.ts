import { signInMessages } from '../sign-in-messages';

/*
 * The password rule as plain data, without zod: the schemas build their checks from it and the
 * SPA states it in words, so a screen that loads zod late (sign-in, reset, invitation) can show
 * the rule at once and the words can never drift from what the server enforces.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted: scrypt cost grows with input, and no one types more. */
export const PASSWORD_MAX_LENGTH = 256;

/** The kinds of character a password must hold, each with its refusal and its words in the hint. */
export const PASSWORD_CHARACTER_CLASSES = [
  { pattern: /[A-Z]/, message: signInMessages.passwordUppercase, hint: 'an uppercase letter' },
  { pattern: /[a-z]/, message: signInMessages.passwordLowercase, hint: 'a lowercase letter' },
  { pattern: /[0-9]/, message: signInMessages.passwordNumber, hint: 'a number' },
  { pattern: /[^A-Za-z0-9]/, message: signInMessages.passwordSpecial, hint: 'a special character (such as !@#$%^&*)' },
] as const;

const hints = PASSWORD_CHARACTER_CLASSES.map((kind) => kind.hint);

/**
 * The whole rule in words, shown wherever a new password is chosen: the length and character
 * checks above, and the server's refusal of common passwords and of ones built from the person.
 */
export const PASSWORD_RULE_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with ${hints.slice(0, -1).join(', ')} and ${hints.at(-1)}. Common passwords, and passwords containing your name, username or email, are refused.`;
