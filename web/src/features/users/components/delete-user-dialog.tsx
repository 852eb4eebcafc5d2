import { DataList } from '@chakra-ui/react/data-list';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { messages } from '#shared/messages';
import type { AdminUser } from '#shared/schemas/users';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDeleteUser } from '../api/delete-user';
import { roleLabels } from './user-display';

interface DeleteUserDialogProps {
  /** The user to delete (kept while the dialog animates closed). */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** The delete confirmation, naming the user by email, username and role; closes either way. */
export const DeleteUserDialog = ({ user, open, onClose }: DeleteUserDialogProps) => {
  const deleteUser = useDeleteUser();
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (!user) return;
    setDeleting(true);
    try {
      await deleteUser(user.id);
      notify({ type: 'success', title: messages.userDeleted, description: `${user.email} was deleted.` });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Failed to delete user',
        description: errorMessage(error, 'Failed to delete user'),
      });
    } finally {
      setDeleting(false);
      onClose();
    }
  };

  return (
    <FormDialog
      title="Delete User"
      description="This user will be deleted and logged out. Their past requests, versions and comments keep their name. This cannot be undone."
      open={open}
      onClose={onClose}
      onSubmit={confirm}
      submitLabel="Delete User"
      submittingLabel="Deleting..."
      isSubmitting={deleting}
      destructive
    >
      {user && (
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Email</DataList.ItemLabel>
            <DataList.ItemValue overflowWrap="anywhere">{user.email}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Username</DataList.ItemLabel>
            <DataList.ItemValue>{user.username || <Text color="fg.muted">None</Text>}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Role</DataList.ItemLabel>
            <DataList.ItemValue>{roleLabels[user.role]}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
    </FormDialog>
  );
};
