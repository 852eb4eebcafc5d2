import { profileSchema } from '#shared/schemas/auth';
import { httpHandler } from '#lib/http';
import { updateOwnProfile } from '#services/auth/identity';

export const handler = httpHandler({
  schema: { body: profileSchema },
  handler: async ({ body, requireSession }) => updateOwnProfile(requireSession().user, body),
});
