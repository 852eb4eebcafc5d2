import { componentIdSchema } from '#shared/schemas/component';
import { addAttachmentSchema, INLINE_FILE_BODY_MAX_BYTES } from '#shared/schemas/files';
import { httpHandler, reply } from '#lib/http';
import { submitAttachment } from '#services/attachments';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: addAttachmentSchema },
  // An inline base64 `fileData`: a 4 MB file is about 5.4 MB of JSON.
  maxBodyBytes: INLINE_FILE_BODY_MAX_BYTES,
  handler: async ({ path, body, request, requireSession }) =>
    reply({ status: 201, body: await submitAttachment(requireSession().user, path.id, body, request.idempotencyKey) }),
});
