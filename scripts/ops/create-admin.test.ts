import { describe, expect, it } from 'vitest';
import { passwordSchema } from '#shared/schemas/auth';
import { login } from '#services/auth/identity';
import { getUserByEmail } from '#repositories/users';
import { useTestStack } from '../test/stack.ts';
import { createAdmin, generatePassword } from './create-admin.ts';

useTestStack();

describe('npm run create-admin', () => {
  it('generates passwords that meet the password rule', () => {
    for (let i = 0; i < 200; i += 1) expect(passwordSchema.safeParse(generatePassword()).success).toBe(true);
  });

  it('creates an active administrator who can log in, and refuses the same email twice', async () => {
    const created = await createAdmin({ email: ' Ada@Example.com ', name: 'Ada Lovelace' });
    expect(created).toMatchObject({ email: 'ada@example.com', generated: true });
    const user = await getUserByEmail('ada@example.com');
    expect(user).toMatchObject({ role: 'admin', firstName: 'Ada', lastName: 'Lovelace' });
    expect(user!.acceptedInviteAt).toBeTruthy();
    await expect(login({ email: 'ada@example.com', password: created.password }, '127.0.0.1')).resolves.toBeDefined();
    await expect(createAdmin({ email: 'ada@example.com' })).rejects.toThrow(/already has an account/);
  });

  it('takes a given password only when it meets the rule, and a valid email only', async () => {
    await expect(createAdmin({ email: 'bob@example.com', password: 'short' })).rejects.toThrow(/password rule/);
    await expect(createAdmin({ email: 'not-an-email' })).rejects.toThrow(/Not an email address/);
    // The rule is met, but the password is a common one, or built from the admin's own name.
    await expect(createAdmin({ email: 'bob@example.com', password: 'P@ssw0rd' })).rejects.toThrow(
      /ADMIN_PASSWORD is refused: This password is one of the most commonly used/,
    );
    await expect(
      createAdmin({ email: 'bob@example.com', name: 'Bob Builder', password: 'B0b-the-Builder!' }),
    ).rejects.toThrow(/must not contain your username, your name/);
    expect(await getUserByEmail('bob@example.com')).toBeUndefined();
    await expect(createAdmin({ email: 'carol@example.com', password: 'Correct-Horse-9' })).resolves.toMatchObject({
      generated: false,
    });
  });
});
