import { useState, type ReactNode } from 'react';
import type { AdminUser } from '#shared/schemas/users';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';

interface UserActionDialogProps {
  /** The user acted on (kept while the dialog animates closed). */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The submit button's words, also the action's name. */
  submitLabel: string;
  submittingLabel: string;
  /** Does the action; what it answers is the success toast. */
  act: (user: AdminUser) => Promise<{ title: string; description: string }>;
  /** The error toast's title. */
  failureTitle: string;
  children?: ReactNode;
}

/**
 * An administrator's confirmation of a destructive action on one user: a toast says how it went,
 * and the dialog closes either way (the users list shows the outcome).
 */
export const UserActionDialog = ({
  user,
  open,
  onClose,
  title,
  description,
  submitLabel,
  submittingLabel,
  act,
  failureTitle,
  children,
}: UserActionDialogProps) => {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!user) return;
    setBusy(true);
    try {
      notify({ type: 'success', ...(await act(user)) });
    } catch (error) {
      notifyFailure(failureTitle)(error);
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <FormDialog
      title={title}
      description={description}
      open={open}
      onClose={onClose}
      onSubmit={confirm}
      submitLabel={submitLabel}
      submittingLabel={submittingLabel}
      isSubmitting={busy}
      destructive
    >
      {children}
    </FormDialog>
  );
};
