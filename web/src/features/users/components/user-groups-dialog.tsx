import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import * as z from 'zod';
import { groupListTextSchema, type AdminUser } from '#shared/schemas/users';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useZodForm } from '#web/lib/form.ts';
import { useSetUserGroups } from '../api/set-user-groups';

const groupsFormSchema = z.object({ groups: groupListTextSchema });

interface UserGroupsDialogProps {
  /** The user whose groups are edited (kept while the dialog animates closed). */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** The key that mounts the dialog anew for another user, or for the same user's changed groups. */
export const userGroupsDialogKey = (user: AdminUser | null | undefined): string =>
  user ? `${user.id}:${(user.hubGroups ?? []).join(',')}` : 'none';

/**
 * Edits a user's hub groups, separated by commas. Classes name groups whose reviewers their
 * requests go to first; the groups single sign-on names are shown, and kept as they are.
 */
export const UserGroupsDialog = ({ user, open, onClose }: UserGroupsDialogProps) => {
  const setGroups = useSetUserGroups();
  // The parent mounts the dialog anew for each user and each list they have, so this starts from theirs.
  const form = useZodForm(groupsFormSchema, { groups: (user?.hubGroups ?? []).join(', ') });

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async ({ groups }) => {
    if (!user) return;
    await setGroups(user.id, groups);
    notify({ type: 'success', title: 'Groups saved', description: `${user.email}'s hub groups are saved.` });
    close();
  }, notifyFailure('Failed to save groups'));

  return (
    <FormDialog
      title="Edit Groups"
      description={
        user && (
          <>
            Hub groups of <strong>{user.email}</strong>. Classes can name groups whose reviewers see their requests
            first.
          </>
        )
      }
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel="Save Groups"
      submittingLabel="Saving..."
      isSubmitting={form.isSubmitting}
    >
      <Stack gap="3">
        <TextField
          label="Hub groups"
          helperText="Separate groups with commas; at most 20."
          autoComplete="off"
          {...form.field('groups')}
        />
        {user?.ssoGroups?.length ? (
          <Text fontSize="sm" color="fg.muted">
            From single sign-on: {user.ssoGroups.join(', ')}
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  );
};
