import { createUploadSchema } from '#shared/schemas/files';
import { httpHandler } from '#lib/http';
import { createUpload } from '#services/uploads';

export const handler = httpHandler({
  schema: { body: createUploadSchema },
  handler: async ({ body, requireSession }) => createUpload(requireSession().user, body),
});
