import { useState } from 'react';
import type { AdminUser } from '#shared/schemas/users';
import { FormDialog, type FormDialogProps } from '#web/components/ui/form-dialog.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';

interface UserActionDialogProps extends Pick<
  FormDialogProps,
  'title' | 'description' | 'submitLabel' | 'open' | 'onClose' | 'submittingLabel' | 'children'
> {
  /** The user acted on (kept while the dialog animates closed). */
  user: AdminUser | null;
  /** Does the action; what it answers is the success toast. */
  act: (user: AdminUser) => Promise<{ title: string; description: string }>;
  /** The error toast's title. */
  failureTitle: string;
}

/** What every dialog about one user is given. */
export type UserDialogProps = Pick<UserActionDialogProps, 'user' | 'open' | 'onClose'>;

/**
 * An administrator's confirmation of a destructive action on one user: a toast says how it went,
 * and the dialog closes either way (the users list shows the outcome).
 */
export const UserActionDialog = ({ user, act, failureTitle, ...dialog }: UserActionDialogProps) => {
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
      dialog.onClose();
    }
  };

  return <FormDialog {...dialog} onSubmit={confirm} isSubmitting={busy} destructive />;
};
