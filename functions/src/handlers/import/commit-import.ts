import { importCommitSchema, importIdSchema } from '#shared/schemas/import';
import { httpHandler, reply } from '#lib/http';
import { commitImport } from '#services/import/imports';

export const handler = httpHandler({
  schema: { path: importIdSchema, body: importCommitSchema },
  handler: async ({ path, body, requireSession }) =>
    reply({ status: 202, body: await commitImport(requireSession().user, path.id, body) }),
});
