import { profileSchema } from '#shared/schemas/auth';
import { httpHandler } from '#lib/http';
import { updateOwnProfile } from '#services/auth/identity';

export const handler = httpHandler({
  schema: { body: profileSchema },
  handler: async ({ body, requireSession }) => {
    const { user, session } = requireSession();
    return updateOwnProfile(user, session, body);
  },
});
