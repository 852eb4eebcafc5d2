import { httpHandler } from '#lib/http';
import { listAllUsers } from '#services/users';

export const handler = httpHandler({
  handler: async () => listAllUsers(),
});
