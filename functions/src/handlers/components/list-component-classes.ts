import { httpHandler } from '#lib/http';
import { listComponentClasses } from '#services/components';

export const handler = httpHandler({
  handler: async () => listComponentClasses(),
});
