import { messages } from '#shared/messages';
import { userIdPathSchema } from '#shared/schemas/users';
import { httpHandler } from '#lib/http';
import { resetUserSecondFactor } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { path: userIdPathSchema },
  handler: async ({ path, requireSession }) => {
    await resetUserSecondFactor(requireSession().user, path.id);
    return { message: messages.secondFactorReset };
  },
});
