import { api } from '../../../lib/api-client';

/** PATCH /api/notifications/{id}: marks it read. */
export const markNotificationRead = (id: string) => api.patch<void>(`/notifications/${encodeURIComponent(id)}`);

/** DELETE /api/notifications/{id}. */
export const deleteNotification = (id: string) => api.delete<void>(`/notifications/${encodeURIComponent(id)}`);
