import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler, reply } from '#lib/http';
import { submitDeletion } from '#services/approvals/filing';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path, requireSession }) =>
    reply({ status: 201, body: await submitDeletion(requireSession().user, path.id) }),
});
