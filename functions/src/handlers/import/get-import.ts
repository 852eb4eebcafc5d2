import { importIdSchema, importRowsQuerySchema } from '#shared/schemas/import';
import { httpHandler } from '#lib/http';
import { getImportReport } from '#services/import/imports';

export const handler = httpHandler({
  schema: { path: importIdSchema, query: importRowsQuerySchema },
  handler: async ({ path, query }) => getImportReport(path.id, query),
});
