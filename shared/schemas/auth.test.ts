import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { changePasswordFormSchema, loginSchema, passwordSchema, profileSchema, resetPasswordFormSchema } from './auth';

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
