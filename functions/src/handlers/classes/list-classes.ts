import { httpHandler } from '#lib/http';
import { listClasses } from '#services/classes';

export const handler = httpHandler({
  handler: async () => listClasses(),
});
