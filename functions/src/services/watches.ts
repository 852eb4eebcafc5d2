import { paths, siteLink } from '#shared/app-paths';
import { messages } from '#shared/messages';
import { WATCHES_PER_USER_MAX, type Watch, type WatchTarget } from '#shared/schemas/watches';
import { Conflict, NotFound } from '#lib/errors';
import { logger } from '#lib/logger';
import { getComponent, getComponents } from '#repositories/components';
import { getNotificationSettingsOf } from '#repositories/notification-settings';
import { putNotifications } from '#repositories/notifications';
import { conditionalOutcome, transact } from '#repositories/table';
import type { User } from '#repositories/users';
import {
  listWatchersOf,
  listWatchesOf,
  unwatchItems,
  WATCH_ITEM_ALREADY_HELD,
  watchItems,
} from '#repositories/watches';
import { config } from '#lib/config';
import { getUser } from '#repositories/users';
import { composeEmail, sendEmail } from './mail';
import { newNotification } from './notifications';

/*
 * Watching parts and classes, and telling their watchers when a change to one is requested or
 * approved.
 */

const sameTarget = (watch: { componentId?: number; componentClass?: string }, target: WatchTarget) =>
  'componentId' in target
    ? watch.componentId === target.componentId
    : watch.componentClass?.trim().toLowerCase() === target.componentClass.trim().toLowerCase();

/**
 * Starts watching a part (which must exist) or a class; watching it again changes nothing. The
 * limit holds exactly: the write itself is refused once the person holds the most watches, even
 * when several are started at once.
 */
export const startWatching = async (user: User, target: WatchTarget): Promise<{ watching: true }> => {
  if ('componentId' in target && !(await getComponent(target.componentId)))
    throw new NotFound(messages.componentNotFound);
  const held = await listWatchesOf(user.id);
  if (held.some((watch) => sameTarget(watch, target))) return { watching: true };
  if (held.length >= WATCHES_PER_USER_MAX) throw new Conflict(messages.watchLimit(WATCHES_PER_USER_MAX));
  const items = watchItems(user.id, target, new Date().toISOString(), {
    held: held.length,
    max: WATCHES_PER_USER_MAX,
  });
  return conditionalOutcome(
    async () => {
      await transact(items);
      return { watching: true as const };
    },
    (failed) => {
      // Started at the same moment by another request: it is watched, as asked.
      if (failed.includes(WATCH_ITEM_ALREADY_HELD)) return { watching: true as const };
      throw new Conflict(messages.watchLimit(WATCHES_PER_USER_MAX));
    },
  );
};

/** Stops watching; not watching it already is no error. */
export const stopWatching = async (user: User, target: WatchTarget): Promise<{ watching: false }> => {
  const held = await listWatchesOf(user.id);
  await conditionalOutcome(
    () => transact(unwatchItems(user.id, target, { held: held.length })),
    () => undefined,
  );
  return { watching: false };
};

/** What the person watches, each part with its reference as it is now (null once it is gone). */
export const listWatches = async (user: User): Promise<Watch[]> => {
  const held = await listWatchesOf(user.id);
  const ids = held.flatMap((watch) => (watch.componentId === undefined ? [] : [watch.componentId]));
  const references = new Map((ids.length ? await getComponents(ids) : []).map((part) => [part.id, part.reference]));
  return held.map((watch): Watch =>
    watch.componentId !== undefined
      ? {
          componentId: watch.componentId,
          componentReference: references.get(watch.componentId) ?? null,
          since: watch.since,
        }
      : { componentClass: watch.componentClass!, since: watch.since },
  );
};

/**
 * Tells the watchers of a part and of its class (and of `also`: a part merged into it), except `except` (who did it, who is told of it
 * anyway), as their settings allow: a notification each in the bell, linked to the part, and an
 * email each to those who keep watch emails on. Best effort: the change it tells of has already
 * been made, and one email that fails does not keep the others back.
 */
export const notifyWatchers = async (
  about: { componentId: number | null; componentClass: string | null; also?: readonly WatchTarget[] },
  notice: { title: string; message: string; linkTo?: string | null },
  except: readonly string[],
): Promise<void> => {
  const targets: WatchTarget[] = [
    ...(about.componentId !== null ? [{ componentId: about.componentId }] : []),
    ...(about.componentClass ? [{ componentClass: about.componentClass }] : []),
    ...(about.also ?? []),
  ];
  if (!targets.length) return;
  try {
    const watchers = (await listWatchersOf(targets)).filter((id) => !except.includes(id));
    if (!watchers.length) return;
    const settings = await getNotificationSettingsOf(watchers);
    const told = watchers.filter((id) => settings.get(id)?.appWatched !== false);
    const emailed = watchers.filter((id) => settings.get(id)?.emailWatched !== false);
    const linkTo =
      notice.linkTo !== undefined
        ? notice.linkTo
        : about.componentId !== null
          ? paths.hub.component.href(about.componentId)
          : null;
    await Promise.all([
      putNotifications(
        told.map((userId) => ({
          userId,
          notification: newNotification({ type: 'info', title: notice.title, message: notice.message, linkTo }),
        })),
      ),
      ...emailed.map((userId) => emailWatcher(userId, notice, linkTo)),
    ]);
  } catch (error) {
    logger.warn('watchers not told', { error: error as Error });
  }
};

const emailWatcher = async (
  userId: string,
  notice: { title: string; message: string },
  linkTo: string | null,
): Promise<void> => {
  try {
    const watcher = await getUser(userId);
    if (!watcher) return;
    await sendEmail(
      composeEmail({
        to: watcher.email,
        subject: notice.title,
        blocks: [notice.message, 'You get this email because you watch the part or its class.'],
        action: {
          label: linkTo ? 'Open the part' : 'Open Component Hub',
          url: siteLink(config().APP_URL, linkTo ?? paths.hub.dashboard.href()),
        },
      }),
    );
  } catch (error) {
    logger.warn('watch email not sent', { userId, error: error as Error });
  }
};
