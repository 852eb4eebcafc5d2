import { attachmentIdPathSchema } from '#shared/schemas/files';
import { httpHandler, reply } from '#lib/http';
import { attachmentDownloadLocation } from '#services/attachments';

export const handler = httpHandler({
  schema: { path: attachmentIdPathSchema },
  handler: async ({ path, requireSession }) =>
    reply({ status: 302, headers: { Location: await attachmentDownloadLocation(requireSession().user, path.id) } }),
});
