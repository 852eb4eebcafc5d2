import { importIdSchema, importOptionsSchema } from '#shared/schemas/import';
import { httpHandler, reply } from '#lib/http';
import { changeImportOptions } from '#services/import/imports';
import { serverTiming } from '#services/import/server-timing';

export const handler = httpHandler({
  schema: { path: importIdSchema, body: importOptionsSchema },
  handler: async ({ path, body }) => {
    const { status, body: answer, timings } = await changeImportOptions(path.id, body);
    return reply({ status, body: answer, headers: { 'server-timing': serverTiming(timings) } });
  },
});
