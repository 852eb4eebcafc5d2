import type { RecentComponentView } from '#shared/schemas/approvals';
import { messages } from '#shared/messages';
import { NotFound } from '#lib/errors';
import { getComponent } from '#repositories/components';
import type { User } from '#repositories/users';
import { listRecentViews, putView } from '#repositories/views';

/** Records that the session's user opened a component (one entry per component, newest time). */
export const recordView = async (user: User, componentId: number): Promise<RecentComponentView> => {
  const component = await getComponent(componentId);
  if (!component) throw new NotFound(messages.componentNotFound);
  const view = { id: component.id, componentReference: component.reference, viewedAt: new Date().toISOString() };
  await putView(user.id, view);
  return view;
};

export const recentViews = (user: User, limit: number): Promise<RecentComponentView[]> =>
  listRecentViews(user.id, limit);
