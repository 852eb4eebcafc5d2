import { componentAttachmentPathSchema } from '#shared/schemas/files';
import { httpHandler } from '#lib/http';
import { deleteAttachmentAs } from '#services/attachments';

export const handler = httpHandler({
  schema: { path: componentAttachmentPathSchema },
  handler: async ({ path, requireSession }) => deleteAttachmentAs(requireSession().user, path.id, path.attachmentId),
});
