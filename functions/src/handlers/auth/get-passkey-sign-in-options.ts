import { PENDING_SIGN_IN_COOKIE } from '#lib/cookies';
import { httpHandler } from '#lib/http';
import { passkeySignInChallenge } from '#services/auth/second-factor/sign-in';

export const handler = httpHandler({
  handler: async ({ request }) => passkeySignInChallenge(request.cookies[PENDING_SIGN_IN_COOKIE]),
});
