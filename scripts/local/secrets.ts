/** Local secrets kept in DATA_DIR, so restarts keep sessions valid and the admin can still log in. */
import { randomBytes, randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { passwordSchema } from '#shared/schemas/auth';

export interface LocalSecrets {
  readonly csrfSecret: string;
  /** Set when the admin password was generated here (ADMIN_PASSWORD unset on first start). */
  readonly adminPassword?: string;
}

const secretsFile = (dataDir: string): string => join(dataDir, 'secrets.json');

export const readSecrets = async (dataDir: string): Promise<Partial<LocalSecrets>> => {
  try {
    return JSON.parse(await readFile(secretsFile(dataDir), 'utf8')) as Partial<LocalSecrets>;
  } catch {
    return {};
  }
};

export const writeSecrets = (dataDir: string, secrets: LocalSecrets): Promise<void> =>
  writeFile(secretsFile(dataDir), `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });

export const newCsrfSecret = (): string => randomBytes(32).toString('base64url');

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
// No quotes, backslash or $: the password is printed to be copied into a form or a shell.
const SPECIAL = '!#%*+-=?@^_';

const pick = (alphabet: string): string => alphabet[randomInt(alphabet.length)] ?? '';

/**
 * A random 20-character password that meets the password rule (upper, lower, digit, special),
 * without look-alike characters.
 */
export const generatePassword = (length = 20): string => {
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const characters = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (characters.length < length) characters.push(pick(all));
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other] ?? '', characters[index] ?? ''];
  }
  const password = characters.join('');
  passwordSchema.parse(password);
  return password;
};
