import { useState } from 'react';
import { messages } from '#shared/messages';
import { roleSchema, type Role } from '#shared/schemas/auth';
import type { AdminUser } from '#shared/schemas/users';
import { Select } from '#web/components/ui/select-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useUpdateUserRole } from '../api/update-user-role';
import { roleOptions } from './user-display';

interface UserRoleSelectProps {
  user: AdminUser;
  /** One's own row: the role cannot be changed here. */
  isSelf: boolean;
}

/** The table's inline role select: saves on change, shows the new role while it is saved. */
const roleWithArticle: Record<Role, string> = { user: 'a user', librarian: 'a librarian', admin: 'an admin' };

export const UserRoleSelect = ({ user, isSelf }: UserRoleSelectProps) => {
  const updateRole = useUpdateUserRole();
  const [saving, setSaving] = useState<Role | null>(null);

  const change = async (value: string) => {
    const role = roleSchema.safeParse(value);
    if (!role.success || role.data === user.role) return;
    setSaving(role.data);
    try {
      await updateRole(user.id, role.data);
      notify({
        type: 'success',
        title: messages.roleUpdated,
        description: `${user.email} is now ${roleWithArticle[role.data]}.`,
      });
    } catch (error) {
      notifyFailure('Failed to update role')(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Select
      size="sm"
      width="28"
      disabled={isSelf || saving !== null}
      options={roleOptions}
      aria-label={`Role of ${user.email}`}
      title={isSelf ? messages.cannotChangeOwnRole : undefined}
      value={saving ?? user.role}
      onChange={(event) => void change(event.target.value)}
    />
  );
};
