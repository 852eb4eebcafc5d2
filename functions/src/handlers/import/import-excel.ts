import { INLINE_FILE_BODY_MAX_BYTES } from '#shared/schemas/files';
import { importExcelSchema } from '#shared/schemas/import';
import { httpHandler, reply } from '#lib/http';
import { importExcel } from '#services/import/import-excel';

export const handler = httpHandler({
  schema: { body: importExcelSchema },
  // The spec's inline fileData (base64, up to 4 MB decoded) makes a body of up to ~5.4 MB.
  maxBodyBytes: INLINE_FILE_BODY_MAX_BYTES,
  handler: async ({ body, requireSession }) => {
    const { result, timings } = await importExcel(requireSession().user, body);
    const serverTiming = Object.entries(timings)
      .map(([phase, ms]) => `${phase};dur=${ms}`)
      .join(', ');
    return reply({ status: 200, body: result, headers: { 'server-timing': serverTiming } });
  },
});
