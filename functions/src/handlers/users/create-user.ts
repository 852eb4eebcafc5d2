import { createUserSchema } from '#shared/schemas/users';
import { httpHandler, reply } from '#lib/http';
import { createAccount } from '#services/auth/identity';
import { toAdminUser } from '#services/users';

export const handler = httpHandler({
  schema: { body: createUserSchema },
  handler: async ({ body }) => reply({ status: 201, body: toAdminUser(await createAccount(body)) }),
});
