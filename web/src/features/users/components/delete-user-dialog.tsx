import { DataList } from '@chakra-ui/react/data-list';
import { Text } from '@chakra-ui/react/text';
import { messages } from '#shared/messages';
import { useDeleteUser } from '../api/delete-user';
import { UserActionDialog, type UserDialogProps } from './user-action-dialog';
import { roleLabels } from './user-display';

/** The delete confirmation, naming the user by email, username and role; closes either way. */
export const DeleteUserDialog = (props: UserDialogProps) => {
  const { user } = props;
  const deleteUser = useDeleteUser();
  return (
    <UserActionDialog
      {...props}
      title="Delete User"
      description="This user will be deleted and logged out. Their past requests, versions and comments keep their name. This cannot be undone."
      submitLabel="Delete User"
      submittingLabel="Deleting..."
      failureTitle="Failed to delete user"
      act={async ({ id, email }) => {
        await deleteUser(id);
        return { title: messages.userDeleted, description: `${email} was deleted.` };
      }}
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
    </UserActionDialog>
  );
};
