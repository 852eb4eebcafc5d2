import { INLINE_FILE_BODY_MAX_BYTES } from '#shared/schemas/files';
import { importExcelSchema } from '#shared/schemas/import';
import { httpHandler, reply } from '#lib/http';
import { serverTiming } from '#services/import/server-timing';
import { startImport } from '#services/import/imports';

export const handler = httpHandler({
  schema: { body: importExcelSchema },
  // An inline fileData (base64, up to 4 MB decoded) makes a body of up to ~5.4 MB.
  maxBodyBytes: INLINE_FILE_BODY_MAX_BYTES,
  handler: async ({ body, requireSession }) => {
    const { status, body: answer, timings } = await startImport(requireSession().user, body);
    return reply({ status, body: answer, headers: { 'server-timing': serverTiming(timings) } });
  },
});
