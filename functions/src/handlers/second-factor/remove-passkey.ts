import { passkeyIdPathSchema, removePasskeySchema } from '#shared/schemas/second-factor';
import { httpHandler, reply } from '#lib/http';
import { removeUserPasskey } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { path: passkeyIdPathSchema, body: removePasskeySchema },
  handler: async ({ path, body, requireSession }) => {
    await removeUserPasskey(requireSession().user, path.id, body.currentPassword);
    return reply({ status: 204 });
  },
});
