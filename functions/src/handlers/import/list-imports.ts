import { httpHandler } from '#lib/http';
import { listRecentImports } from '#services/import/imports';

export const handler = httpHandler({
  handler: async () => listRecentImports(),
});
