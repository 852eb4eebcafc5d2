import { describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { messages } from '#shared/messages';
import { passwordSchema } from '#shared/schemas/auth';
import { Invalid } from '#lib/errors';
import { containsContextWord, isCommonPassword, refuseGuessablePassword } from './password-policy';

const person = {
  username: 'jsmith',
  name: 'John Smith',
  firstName: 'John',
  lastName: 'Smith',
  email: 'j.smith@example.com',
};

describe('common passwords', () => {
  it('uses more than the 10,000 most common passwords of the list, whatever the case', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThan(10_000);
    expect(isCommonPassword(list[0]!.toUpperCase())).toBe(true);
    expect(isCommonPassword(list[9_999]!)).toBe(true);
    expect(isCommonPassword(list.at(-1)!)).toBe(true);
  });

  it('refuses listed passwords that meet the composition rule', () => {
    // Listed as p@ssw0rd and pa$$w0rd: the rule alone lets them through.
    for (const password of ['P@ssw0rd', 'Pa$$W0rd']) {
      expect(passwordSchema.safeParse(password).success).toBe(true);
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses a listed word with only digits and symbols around it', () => {
    for (const password of ['Password1!', 'Monkey!2024', '#1Sunshine', 'P@ssw0rd2024!']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not on the list', () => {
    for (const password of ['Str0ng!Passw0rd', 'Tr0ub4dor&3x', 'Long-en0ugh', 'correct-Horse-battery-9']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('words of the context', () => {
  it("refuses the product's name, the username, the names and the email's local part", () => {
    expect(containsContextWord('ComponentHub1!', {})).toBe(true);
    expect(containsContextWord('C0mp0nent-Hub!9', {})).toBe(true);
    expect(containsContextWord('xJSmith!2024', person)).toBe(true);
    expect(containsContextWord('J0hn#Wins99', person)).toBe(true);
    expect(containsContextWord('My-Sm1th-Pass!', person)).toBe(true);
  });

  it('ignores case, digits, separators and look-alike characters', () => {
    expect(containsContextWord('J.O.H.N-1990!', person)).toBe(true);
    expect(containsContextWord('5m1th&Co!', person)).toBe(true);
  });

  it('accepts a password that holds none of them, and ignores pieces shorter than three letters', () => {
    expect(containsContextWord('Tr0ub4dor&3x', person)).toBe(false);
    expect(containsContextWord('Al!ce-Wonder9', { name: 'Al Li', email: 'al@example.com' })).toBe(false);
  });
});

describe('refuseGuessablePassword', () => {
  const refusal = (password: string, field = 'password') => {
    try {
      refuseGuessablePassword(password, person, field);
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(Invalid);
      return (error as Invalid).fields;
    }
  };

  it('answers with a field error on the field the request named', () => {
    expect(refusal('P@ssw0rd', 'newPassword')).toEqual({ newPassword: messages.passwordCommon });
    expect(refusal('JSmith!2024x')).toEqual({ password: messages.passwordContext });
    expect(refusal('Tr0ub4dor&3x')).toBeUndefined();
  });
});
