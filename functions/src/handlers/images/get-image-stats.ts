import { httpHandler } from '#lib/http';
import { getImageStats } from '#services/images';

export const handler = httpHandler({
  handler: async () => getImageStats(),
});
