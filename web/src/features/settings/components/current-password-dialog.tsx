import { useState } from 'react';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';

interface CurrentPasswordDialogProps {
  title: string;
  description: string;
  submitLabel: string;
  submittingLabel: string;
  destructive?: boolean;
  open: boolean;
  onClose: () => void;
  /** Sends the change with the password typed; a wrong or missing password keeps the dialog open. */
  onConfirm: (currentPassword: string) => Promise<void>;
  /** The toast title when it fails for another reason. */
  failureTitle: string;
}

/** A change to the account's factors, confirmed with the current password (a session alone is not enough). */
export const CurrentPasswordDialog = ({
  title,
  description,
  submitLabel,
  submittingLabel,
  destructive = false,
  open,
  onClose,
  onConfirm,
  failureTitle,
}: CurrentPasswordDialogProps) => {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };

  const confirm = async () => {
    setSending(true);
    try {
      await onConfirm(password);
      close();
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.body?.fields?.currentPassword : undefined;
      if (typeof fieldError === 'string') setError(fieldError);
      else {
        close();
        notify({ type: 'error', title: failureTitle, description: errorMessage(failure, failureTitle) });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog
      title={title}
      description={description}
      open={open}
      onClose={close}
      onSubmit={confirm}
      submitLabel={submitLabel}
      submittingLabel={submittingLabel}
      isSubmitting={sending}
      destructive={destructive}
    >
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
    </FormDialog>
  );
};
