/**
 * One-off: creates an administrator in a deployed table (the first admin of a new stage, or a
 * new one when every admin has left), through the same service the API uses.
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npm run create-admin -- --email ada@example.com [--name "Ada Lovelace"]
 *
 * TABLE_NAME is the Data stack's `TableName` output (docs/DEPLOY.md); AWS credentials come from
 * the environment or profile as for the AWS CLI, and need dynamodb:PutItem / GetItem / Query
 * on the table. The password is ADMIN_PASSWORD when set (it must meet the password rule and be
 * neither a common password nor built from the name or email), else
 * one is generated and printed once: hand it over in person and have it changed at first login.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import * as z from 'zod';
import { passwordSchema } from '#shared/schemas/auth';
import { createAccount } from '#services/auth/identity';
import { guessablePasswordProblem } from '#services/auth/password-policy';
import { getUserByEmail } from '#repositories/users';

/** A password that meets the rule: 20 random characters, at least one of each class, shuffled. */
export const generatePassword = (): string => {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!#%+-=?@_'];
  const all = classes.join('');
  const chars = [
    ...classes.map((set) => set[randomInt(set.length)]!),
    ...[...randomBytes(16)].map((byte) => all[byte % all.length]!),
  ];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
};

export interface CreateAdminInput {
  email: string;
  name?: string;
  password?: string;
}

/** Creates the admin; throws with a readable message when the input is bad or the email is taken. */
export const createAdmin = async (
  input: CreateAdminInput,
): Promise<{ email: string; password: string; generated: boolean }> => {
  const email = z.email().safeParse(input.email.trim().toLowerCase());
  if (!email.success) throw new Error(`Not an email address: '${input.email}'`);
  const generated = input.password === undefined;
  const context = { email: email.data, name: input.name };
  let password = input.password ?? generatePassword();
  // A random password spells a word of the name or email once in a few hundred draws: draw again.
  while (generated && guessablePasswordProblem(password, context)) password = generatePassword();
  const rule = passwordSchema.safeParse(password);
  if (!rule.success)
    throw new Error(`ADMIN_PASSWORD does not meet the password rule: ${rule.error.issues[0]?.message ?? ''}`);
  const guessable = guessablePasswordProblem(password, context);
  if (guessable) throw new Error(`ADMIN_PASSWORD is refused: ${guessable}`);
  if (await getUserByEmail(email.data))
    throw new Error(`${email.data} already has an account; an admin can change its role in the app`);
  // The operator names the address, as for the seeded administrator: it counts as proven.
  await createAccount({
    email: email.data,
    password,
    role: 'admin',
    emailVerified: true,
    ...(input.name ? { name: input.name } : {}),
  });
  return { email: email.data, password, generated };
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  try {
    if (!values.email)
      throw new Error('Usage: TABLE_NAME=<table> npm run create-admin -- --email <address> [--name "<full name>"]');
    if (!process.env.TABLE_NAME)
      throw new Error("Set TABLE_NAME to the Data stack's TableName output (docs/DEPLOY.md)");
    const result = await createAdmin({
      email: values.email,
      ...(values.name ? { name: values.name } : {}),
      ...(process.env.ADMIN_PASSWORD ? { password: process.env.ADMIN_PASSWORD } : {}),
    });
    console.log(`Created administrator ${result.email} in ${process.env.TABLE_NAME}.`);
    if (result.generated) console.log(`Password (shown once; change it after the first login): ${result.password}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
