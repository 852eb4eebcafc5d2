import { useState } from 'react';
import { messages } from '#shared/messages';
import type { AdminUser } from '#shared/schemas/users';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { endUserSessions } from '../api/end-user-sessions';

interface EndSessionsDialogProps {
  /** Whose sessions (kept while the dialog animates closed). */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** Confirms signing a user out everywhere (a lost laptop, someone leaving); closes either way. */
export const EndSessionsDialog = ({ user, open, onClose }: EndSessionsDialogProps) => {
  const [ending, setEnding] = useState(false);

  const confirm = async () => {
    if (!user) return;
    setEnding(true);
    try {
      await endUserSessions(user.id);
      notify({ type: 'success', title: messages.userSessionsEnded, description: `${user.email} must sign in again.` });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Failed to sign out user',
        description: errorMessage(error, 'Failed to sign out user'),
      });
    } finally {
      setEnding(false);
      onClose();
    }
  };

  return (
    <FormDialog
      title="Sign Out Everywhere"
      description={
        user
          ? `${user.email} will be signed out of every browser and device at once, and must sign in again. Their account and password stay as they are.`
          : undefined
      }
      open={open}
      onClose={onClose}
      onSubmit={confirm}
      submitLabel="Sign Out Everywhere"
      submittingLabel="Signing out..."
      isSubmitting={ending}
      destructive
    />
  );
};
