import { roles, type Role } from '#shared/schemas/auth';
import type { AdminUser } from '#shared/schemas/users';
import type { SelectOption } from '#web/components/ui/select-field.tsx';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';

export const roleLabels: Record<Role, string> = { user: 'User', librarian: 'Librarian', admin: 'Admin' };

/** Every role, least trusted first: a librarian reviews, imports and curates; an admin also manages people. */
export const roleOptions: readonly SelectOption[] = roles.map((role) => ({ value: role, label: roleLabels[role] }));

/** A table date; the full date-time is its tooltip. */
export const tableDate = (iso: string): { text: string; title: string } => ({
  text: formatDate(iso),
  title: formatDateTime(iso),
});

/** Pending until the invitation is accepted (a user an administrator added is active at once). */
export const isActive = (user: Pick<AdminUser, 'acceptedInviteAt'>): boolean => Boolean(user.acceptedInviteAt);

/** The admin table's name column: the username, else the name. */
export const userLabel = (user: Pick<AdminUser, 'username' | 'name' | 'email'>): string =>
  user.username || user.name || user.email;
