import { classChangeSchema } from '#shared/schemas/classes';
import { httpHandler, reply } from '#lib/http';
import { submitClassChange } from '#services/approvals/filing';

export const handler = httpHandler({
  schema: { body: classChangeSchema },
  handler: async ({ body, requireSession }) =>
    reply({ status: 201, body: await submitClassChange(requireSession().user, body) }),
});
