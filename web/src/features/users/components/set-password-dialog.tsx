import { messages } from '#shared/messages';
import { setUserPasswordSchema, type AdminUser } from '#shared/schemas/users';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { PasswordFields } from '#web/components/ui/password-fields.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useZodForm } from '#web/lib/form.ts';
import { setUserPassword } from '../api/set-user-password';

interface SetPasswordDialogProps {
  /** The user whose password is being set (kept while the dialog animates closed). */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** Sets another user's password (the full password rule); their sessions end. */
export const SetPasswordDialog = ({ user, open, onClose }: SetPasswordDialogProps) => {
  const form = useZodForm(setUserPasswordSchema, { newPassword: '' });

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    if (!user) return;
    await setUserPassword(user.id, newPassword);
    notify({
      type: 'success',
      title: messages.passwordUpdated,
      description: `${user.email} must log in again with the new password.`,
    });
    close();
  }, notifyFailure('Failed to update password'));

  return (
    <FormDialog
      title="Change Password"
      description={
        user && (
          <>
            Set a new password for <strong>{user.email}</strong>. They will be logged out everywhere.
          </>
        )
      }
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel="Change Password"
      submittingLabel="Changing..."
      isSubmitting={form.isSubmitting}
    >
      <PasswordFields password={form.field('newPassword')} />
    </FormDialog>
  );
};
