import { api } from '#web/lib/api-client.ts';

/** PATCH /api/notifications/{id}: marks it read. */
export const markNotificationRead = (id: string) => api.patch<void>(`/notifications/${encodeURIComponent(id)}`);

/** DELETE /api/notifications/{id}. */
export const deleteNotification = (id: string) => api.delete<void>(`/notifications/${encodeURIComponent(id)}`);

/** POST /api/notifications/read: marks every unread notification read. */
export const markAllNotificationsRead = () => api.post<{ marked: number }>('/notifications/read');
