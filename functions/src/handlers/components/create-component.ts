import { componentInputSchema } from '#shared/schemas/component';
import { httpHandler, reply } from '#lib/http';
import { submitNewComponent } from '#services/approvals/filing';

export const handler = httpHandler({
  schema: { body: componentInputSchema },
  handler: async ({ body, request, requireSession }) =>
    reply({ status: 201, body: await submitNewComponent(requireSession().user, body, request.idempotencyKey) }),
});
