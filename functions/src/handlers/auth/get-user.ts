import { httpHandler } from '#lib/http';
import { toPublicUser } from '#services/users';
import { mustSetUpSecondFactor } from '#services/auth/second-factor/rules';

export const handler = httpHandler({
  handler: async ({ requireSession }) => {
    const { user } = requireSession();
    // The app sends such an administrator to set up a second factor before anything else.
    return { ...toPublicUser(user), ...(mustSetUpSecondFactor(user) && { secondFactorSetupRequired: true as const }) };
  },
});
