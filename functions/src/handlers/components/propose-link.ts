import { componentIdSchema } from '#shared/schemas/component';
import { linkInputSchema } from '#shared/schemas/links';
import { httpHandler, reply } from '#lib/http';
import { proposeLink } from '#services/links';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: linkInputSchema },
  handler: async ({ path, body, requireSession }) =>
    reply({ status: 201, body: await proposeLink(requireSession().user, path.id, body) }),
});
