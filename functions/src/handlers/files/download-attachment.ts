import { attachmentDownloadQuerySchema, attachmentIdPathSchema } from '#shared/schemas/files';
import { httpHandler, reply } from '#lib/http';
import { attachmentDownloadLocation } from '#services/attachments';

/** Sent on to the file (`302`); a caller that asks for JSON (the app's PDF preview) is told where it is. */
export const handler = httpHandler({
  schema: { path: attachmentIdPathSchema, query: attachmentDownloadQuerySchema },
  handler: async ({ path, query, request, requireSession }) => {
    const url = await attachmentDownloadLocation(requireSession().user, path.id, query.preview);
    if (request.accept?.includes('application/json')) return { url };
    return reply({ status: 302, headers: { Location: url } });
  },
});
