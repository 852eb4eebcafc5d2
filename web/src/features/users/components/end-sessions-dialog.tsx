import { messages } from '#shared/messages';
import { endUserSessions } from '../api/end-user-sessions';
import { UserActionDialog, type UserDialogProps } from './user-action-dialog';

/** Confirms signing a user out everywhere (a lost laptop, someone leaving); closes either way. */
export const EndSessionsDialog = (props: UserDialogProps) => (
  <UserActionDialog
    {...props}
    title="Sign Out Everywhere"
    description={
      props.user
        ? `${props.user.email} will be signed out of every browser and device at once, and must sign in again. Their account and password stay as they are.`
        : undefined
    }
    submitLabel="Sign Out Everywhere"
    submittingLabel="Signing out..."
    failureTitle="Failed to sign out user"
    act={async ({ id, email }) => {
      await endUserSessions(id);
      return { title: messages.userSessionsEnded, description: `${email} must sign in again.` };
    }}
  />
);
