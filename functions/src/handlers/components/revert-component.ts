import { revertPathSchema } from '#shared/schemas/approvals';
import { httpHandler, reply } from '#lib/http';
import { revertToVersion } from '#services/approvals/filing';

export const handler = httpHandler({
  schema: { path: revertPathSchema },
  handler: async ({ path, requireSession }) =>
    reply({ status: 201, body: await revertToVersion(requireSession().user, path.id, path.versionNumber) }),
});
