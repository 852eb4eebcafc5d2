import { httpHandler } from '#lib/http';
import { notificationsOf } from '#services/notifications';

/** The spec's `?username=` is accepted and ignored: a user sees only their own. */
export const handler = httpHandler({
  handler: async ({ requireSession }) => notificationsOf(requireSession().user.id),
});
