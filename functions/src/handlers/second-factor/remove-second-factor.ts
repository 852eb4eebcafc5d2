import { removeSecondFactorSchema, secondFactorPathSchema } from '#shared/schemas/second-factor';
import { httpHandler, reply } from '#lib/http';
import { removeSecondFactor } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { path: secondFactorPathSchema, body: removeSecondFactorSchema },
  handler: async ({ path, body, requireSession }) => {
    await removeSecondFactor(requireSession().user, path.factor, body.currentPassword);
    return reply({ status: 204 });
  },
});
