import type { RecentComponentView } from '#shared/schemas/approvals';
import { messages } from '#shared/messages';
import { NotFound } from '#lib/errors';
import { getComponent, getComponents } from '#repositories/components';
import type { User } from '#repositories/users';
import type { Component } from '#shared/schemas/component';
import { whereComponentsWent } from './components';
import { listRecentViews, putView } from '#repositories/views';

/** Records that the session's user opened a component (one entry per component, newest time). */
export const recordView = async (user: User, componentId: number): Promise<RecentComponentView> => {
  const component = await getComponent(componentId);
  if (!component) throw new NotFound(messages.componentNotFound);
  const view = { id: component.id, componentReference: component.reference, viewedAt: new Date().toISOString() };
  await putView(user.id, view);
  return view;
};

/**
 * The user's last views, newest first; a part deleted since says so, so its link is not a dead
 * end. A part merged into another since is shown as the part it went into (once, at its latest
 * view).
 */
export const recentViews = async (user: User, limit: number): Promise<RecentComponentView[]> => {
  const views = await listRecentViews(user.id, limit);
  if (views.length === 0) return views;
  const existing = new Set(
    (
      await getComponents(
        views.map((view) => view.id),
        { fields: ['reference'] },
      )
    ).map((component) => component.id),
  );
  const gone = views.filter((view) => !existing.has(view.id)).map((view) => view.id);
  const went = gone.length ? await whereComponentsWent(gone) : new Map<number, Component>();
  const shown = new Set<number>();
  return views.flatMap((view): RecentComponentView[] => {
    const survivor = went.get(view.id);
    const seen: RecentComponentView = survivor
      ? { id: survivor.id, componentReference: survivor.reference, viewedAt: view.viewedAt }
      : existing.has(view.id)
        ? view
        : { ...view, deleted: true };
    if (shown.has(seen.id)) return [];
    shown.add(seen.id);
    return [seen];
  });
};
