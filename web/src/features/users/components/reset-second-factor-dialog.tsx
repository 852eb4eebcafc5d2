import { useState } from 'react';
import type { AdminUser } from '#shared/schemas/users';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useResetSecondFactor } from '../api/reset-second-factor';

/** For someone who lost their authenticator app, recovery codes and passkeys; closes either way. */
export const ResetSecondFactorDialog = ({
  user,
  open,
  onClose,
}: {
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}) => {
  const reset = useResetSecondFactor();
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    if (!user) return;
    setSending(true);
    try {
      const { message } = await reset(user);
      notify({ type: 'success', title: 'Second factor reset', description: message });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Failed to reset the second factor',
        description: errorMessage(error, 'Failed to reset the second factor'),
      });
    } finally {
      setSending(false);
      onClose();
    }
  };
  return (
    <FormDialog
      title="Reset Second Factor"
      description={`${user?.email ?? 'The user'} loses their authenticator app, recovery codes and passkeys, is signed out everywhere and is told by email. They sign in with their password alone until they set up a new one. Do this only when you are sure who asked.`}
      open={open}
      onClose={onClose}
      onSubmit={confirm}
      submitLabel="Reset Second Factor"
      submittingLabel="Resetting..."
      isSubmitting={sending}
      destructive
    />
  );
};
