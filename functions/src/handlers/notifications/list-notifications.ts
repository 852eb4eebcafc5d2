import { httpHandler } from '#lib/http';
import { notificationsOf } from '#services/notifications';

/** A `?username=` is accepted (older clients send it) and ignored: a user sees only their own. */
export const handler = httpHandler({
  handler: async ({ requireSession }) => notificationsOf(requireSession().user.id),
});
