import { componentIdSchema } from '#shared/schemas/component';
import { addAttachmentSchema } from '#shared/schemas/files';
import { httpHandler, reply } from '#lib/http';
import { submitAttachment } from '#services/attachments';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: addAttachmentSchema },
  handler: async ({ path, body, requireSession }) => reply({ status: 201, body: await submitAttachment(requireSession().user, path.id, body) }),
});
