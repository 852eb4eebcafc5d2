import * as z from 'zod';
import { messages } from '../messages';

/*
 * Watching a part or a class: its watchers are told (in the bell, as their settings allow) when
 * a change to it is requested or approved.
 */

/** Most parts and classes one person may watch, so one change never fans out without bound. */
export const WATCHES_PER_USER_MAX = 500;

/** `PUT` / `DELETE /api/watches`: `{ componentId }` or `{ componentClass }`, one of the two. */
export const watchTargetSchema = z.union(
  [
    z.strictObject({ componentId: z.coerce.number().int().positive() }),
    z.strictObject({ componentClass: z.string().trim().min(1).max(200) }),
  ],
  { error: messages.watchTargetInvalid },
);
export type WatchTarget = z.output<typeof watchTargetSchema>;

/** One thing a person watches, as `GET /api/watches` lists it. */
export type Watch =
  { componentId: number; componentReference: string | null; since: string } | { componentClass: string; since: string };
