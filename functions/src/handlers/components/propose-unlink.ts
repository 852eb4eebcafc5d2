import { linkPathSchema } from '#shared/schemas/links';
import { httpHandler, reply } from '#lib/http';
import { proposeUnlink } from '#services/links';

export const handler = httpHandler({
  schema: { path: linkPathSchema },
  handler: async ({ path, requireSession }) =>
    reply({ status: 201, body: await proposeUnlink(requireSession().user, path.id, path.linkId) }),
});
