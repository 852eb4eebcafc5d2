import { httpHandler } from '#lib/http';
import { listUnreadValues } from '#services/components';

export const handler = httpHandler({
  handler: async () => listUnreadValues(),
});
