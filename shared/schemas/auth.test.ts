import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  changePasswordFormSchema,
  loginSchema,
  passwordSchema,
  profileSchema,
  resetPasswordFormSchema,
  usernameField,
  usernameFromEmail,
} from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('password rule', () => {
  it.each([
    ['Ab1!', messages.passwordMinLength],
    ['abcdefg1!', messages.passwordUppercase],
    ['ABCDEFG1!', messages.passwordLowercase],
    ['Abcdefgh!', messages.passwordNumber],
    ['Abcdefgh1', messages.passwordSpecial],
  ])('refuses %s with "%s"', (password, message) => {
    expect(firstMessage(passwordSchema.safeParse(password))).toBe(message);
  });

  it('accepts a password with every class', () => {
    expect(passwordSchema.safeParse('Abcdefg1!').success).toBe(true);
  });
});

describe('login', () => {
  it('normalises the email and requires a password', () => {
    expect(loginSchema.parse({ email: ' Admin@Example.COM ', password: 'x' }).email).toBe('admin@example.com');
    expect(firstMessage(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toBe(messages.emailInvalid);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(messages.passwordRequired);
  });
});

describe('confirmations', () => {
  it('reports a mismatch on the confirmation field', () => {
    const reset = resetPasswordFormSchema.safeParse({
      token: 't',
      password: 'Abcdefg1!',
      confirmPassword: 'Abcdefg1?',
    });
    expect(reset.error?.issues[0]).toMatchObject({ message: messages.passwordsDontMatch, path: ['confirmPassword'] });
    const change = changePasswordFormSchema.safeParse({
      currentPassword: 'x',
      newPassword: 'Abcdefg1!',
      confirmNewPassword: 'no',
    });
    expect(change.error?.issues[0]).toMatchObject({
      message: messages.passwordsDontMatch,
      path: ['confirmNewPassword'],
    });
  });

  it('requires a reset token', () => {
    expect(
      firstMessage(
        resetPasswordFormSchema.safeParse({ token: '', password: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' }),
      ),
    ).toBe(messages.resetTokenRequired);
  });
});

describe('profile', () => {
  it('needs a 3-character username and a valid email', () => {
    expect(firstMessage(profileSchema.safeParse({ username: 'ab', email: 'a@b.co' }))).toBe(messages.usernameMinLength);
    expect(firstMessage(profileSchema.safeParse({ username: 'abc', email: 'a@' }))).toBe(messages.emailInvalidProfile);
    expect(profileSchema.safeParse({ username: 'abc', email: 'a@b.co' }).success).toBe(true);
  });
});

describe('usernames', () => {
  const check = (username: string) => usernameField().safeParse(username);

  it('takes letters and digits of any script, with dots, hyphens, underscores and single spaces between', () => {
    for (const name of [
      'alice',
      'Anna Schmidt',
      'j.doe',
      'o_brien-2',
      'Jürgen',
      'Łukasz',
      '李小龍',
      'José'.normalize('NFD'),
    ])
      expect(check(name).success, name).toBe(true);
  });

  it('refuses what could pass for a link, markup or punctuation in an email', () => {
    for (const name of [
      'https://evil.com',
      'evil.com/login',
      '<b>bob</b>',
      'bob@example',
      'a  b',
      '.bob',
      'bob.',
      'bob!',
    ])
      expect(check(name).error?.issues[0]?.message, name).toBe(messages.usernameCharacters);
  });

  it('makes a safe username from an email when nobody chose one', () => {
    expect(usernameFromEmail('j.doe@example.com')).toBe('j.doe');
    expect(usernameFromEmail('anna+hub@example.com')).toBe('anna.hub');
    expect(usernameFromEmail('"weird/name"@example.com')).toBe('weird.name');
    expect(usernameFromEmail('ab@example.com')).toBe('ab.user');
    expect(usernameFromEmail('+@example.com')).toBe('user');
    for (const email of ['x@y.z', 'a.b.c+d/e@f.g', `${'ä'.repeat(90)}@x.y`, '__@x.y'])
      expect(check(usernameFromEmail(email)).success, email).toBe(true);
  });
});
