import { useState } from 'react';
import { FormDialog, type FormDialogProps } from '#web/components/ui/form-dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { notifyFailure } from '#web/lib/failed-actions.ts';

interface CurrentPasswordDialogProps extends Pick<
  FormDialogProps,
  'title' | 'submitLabel' | 'submittingLabel' | 'destructive' | 'open' | 'onClose'
> {
  description: string;
  /** Sends the change with the password typed; a wrong or missing password keeps the dialog open. */
  onConfirm: (currentPassword: string) => Promise<void>;
  /** The toast title when it fails for another reason. */
  failureTitle: string;
}

/** A change to the account's factors, confirmed with the current password (a session alone is not enough). */
export const CurrentPasswordDialog = ({ onClose, onConfirm, failureTitle, ...dialog }: CurrentPasswordDialogProps) => {
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
        notifyFailure(failureTitle)(failure);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog {...dialog} onClose={close} onSubmit={confirm} isSubmitting={sending}>
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
