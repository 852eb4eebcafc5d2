import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './email';
import { loginSchema } from './auth';

describe('canonicalEmail', () => {
  it('trims and lower-cases ASCII letters only', () => {
    expect(canonicalEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it.each([
    ['the Kelvin sign', 'ada@\u212Aorp.example'],
    ['a dotted capital I', '\u0130nes@corp.example'],
    ['a fullwidth letter', 'ad\uFF41@corp.example'],
    ['a Cyrillic a', '\u0430da@corp.example'],
    ['a space inside', 'ada @corp.example'],
  ])('never folds %s onto an ASCII address', (_, value) => {
    expect(canonicalEmail(value)).toBeUndefined();
    expect(loginSchema.safeParse({ email: value, password: 'x' }).success).toBe(false);
  });
});
