import type { Role } from '#shared/schemas/auth';
import type { AdminUser } from '#shared/schemas/users';
import type { SelectOption } from '../../../components/ui/select-field';

export const roleLabels: Record<Role, string> = { user: 'User', admin: 'Admin' };

export const roleOptions: readonly SelectOption[] = [
  { value: 'user', label: roleLabels.user },
  { value: 'admin', label: roleLabels.admin },
];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A table date in the reader's locale; the full local date-time is its tooltip. */
export const formatDate = (iso: string): { text: string; title: string } => {
  const date = new Date(iso);
  return { text: dateFormat.format(date), title: dateTimeFormat.format(date) };
};

/** Pending until the invitation is accepted (a user an administrator added is active at once). */
export const isActive = (user: Pick<AdminUser, 'acceptedInviteAt'>): boolean => Boolean(user.acceptedInviteAt);

/** The admin table's name column: the username, else the name. */
export const userLabel = (user: Pick<AdminUser, 'username' | 'name' | 'email'>): string =>
  user.username || user.name || user.email;
