import * as z from 'zod';
import { messages } from '../messages';

/**
 * A session as its user sees it in Settings → Security. `id` is the session's public id: the
 * token hash that finds it on the server never reaches a browser. A session begun before
 * sessions were listed has no browser, device or address recorded: those are null.
 */
export const sessionSummarySchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  device: z.string().nullable(),
  clientIp: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionIdPathSchema = z.object({
  id: z.string().trim().min(1, messages.sessionNotFound).max(64, messages.sessionNotFound),
});
