import { getUserByEmail, markEmailVerified } from '#repositories/users';
import { isEmailVerified } from '#services/auth/email-proof';
import { createAccount } from '#services/auth/identity';

/**
 * First start: the administrator from ADMIN_EMAIL / ADMIN_PASSWORD, unless that account exists.
 * The operator names the address, so it counts as proven (an existing seeded account too).
 */
export const seedAdmin = async (input: {
  email: string;
  password: string;
  name?: string;
}): Promise<{ created: boolean }> => {
  const email = input.email.trim().toLowerCase();
  const existing = await getUserByEmail(email);
  if (existing) {
    if (!isEmailVerified(existing)) await markEmailVerified(existing, new Date().toISOString());
    return { created: false };
  }
  await createAccount({
    email,
    password: input.password,
    role: 'admin',
    name: input.name ?? 'Administrator',
    emailVerified: true,
  });
  return { created: true };
};
