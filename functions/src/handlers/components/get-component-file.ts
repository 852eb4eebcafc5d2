import { componentFilePathSchema } from '#shared/schemas/component';
import { httpHandler, reply } from '#lib/http';
import { componentFileLocation } from '#services/components';

export const handler = httpHandler({
  schema: { path: componentFilePathSchema },
  handler: async ({ path }) =>
    reply({ status: 302, headers: { Location: await componentFileLocation(path.id, path.field) } }),
});
