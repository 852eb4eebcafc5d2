import { httpHandler } from '#lib/http';
import { listComponentOptions } from '#services/components';

export const handler = httpHandler({
  handler: async () => listComponentOptions(),
});
