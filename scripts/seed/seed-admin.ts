import { getUserByEmail } from '#repositories/users';
import { createAccount } from '#services/auth/identity';

/** First start: the administrator from ADMIN_EMAIL / ADMIN_PASSWORD, unless that account exists. */
export const seedAdmin = async (input: {
  email: string;
  password: string;
  name?: string;
}): Promise<{ created: boolean }> => {
  const email = input.email.trim().toLowerCase();
  if (await getUserByEmail(email)) return { created: false };
  await createAccount({ email, password: input.password, role: 'admin', name: input.name ?? 'Administrator' });
  return { created: true };
};
