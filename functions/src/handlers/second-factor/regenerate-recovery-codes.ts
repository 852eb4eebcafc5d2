import { regenerateRecoveryCodesSchema } from '#shared/schemas/second-factor';
import { httpHandler } from '#lib/http';
import { regenerateRecoveryCodes } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { body: regenerateRecoveryCodesSchema },
  handler: async ({ body, requireSession }) => regenerateRecoveryCodes(requireSession().user, body.currentPassword),
});
