import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '#shared/schemas/second-factor';
import { sha256 } from '../tokens';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const GROUP = 5;

/** A code as it is compared: dashes, spaces and case ignored. */
const normalise = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();

/**
 * What is stored in place of a recovery code. Each code carries 125 random bits, beyond the 112
 * above which a plain SHA-256 is enough (no salt or slow hash needed: nobody can try 2^125 codes).
 */
export const recoveryCodeHash = (code: string): string => sha256(`recovery:${normalise(code)}`);

/** A new set of recovery codes, shown once (in groups of five for reading) with their hashes to store. */
export const newRecoveryCodes = (): { codes: string[]; hashes: string[] } => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: RECOVERY_CODE_LENGTH }, () => BASE32[randomInt(BASE32.length)]).join('');
    return characters.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-');
  });
  return { codes, hashes: codes.map(recoveryCodeHash) };
};
