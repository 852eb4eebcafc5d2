import { importExcelSchema } from '#shared/schemas/import';
import { httpHandler, reply } from '#lib/http';
import { importExcel } from '#services/import/import-excel';

export const handler = httpHandler({
  schema: { body: importExcelSchema },
  handler: async ({ body, requireSession }) => {
    const { result, timings } = await importExcel(requireSession().user, body);
    const serverTiming = Object.entries(timings).map(([phase, ms]) => `${phase};dur=${ms}`).join(', ');
    return reply({ status: 200, body: result, headers: { 'server-timing': serverTiming } });
  },
});
