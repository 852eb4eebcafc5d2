import * as z from 'zod';
import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler, reply } from '#lib/http';
import { parseEdit, submitEdit } from '#services/approvals/filing';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: z.record(z.string(), z.unknown()) },
  handler: async ({ path, body, requireSession }) =>
    reply({ status: 201, body: await submitEdit(requireSession().user, path.id, parseEdit(body)) }),
});
