import { messages } from '#shared/messages';
import type { AdminUser } from '#shared/schemas/users';
import { endUserSessions } from '../api/end-user-sessions';
import { UserActionDialog } from './user-action-dialog';

interface EndSessionsDialogProps {
  /** Whose sessions (kept while the dialog animates closed). */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** Confirms signing a user out everywhere (a lost laptop, someone leaving); closes either way. */
export const EndSessionsDialog = ({ user, open, onClose }: EndSessionsDialogProps) => (
  <UserActionDialog
    user={user}
    open={open}
    onClose={onClose}
    title="Sign Out Everywhere"
    description={
      user
        ? `${user.email} will be signed out of every browser and device at once, and must sign in again. Their account and password stay as they are.`
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
