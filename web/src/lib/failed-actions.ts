import { useState } from 'react';
import { notify } from '../components/ui/toaster';
import { errorMessage } from './api-client';

/**
 * Tells a failed action in an error toast: `title` says what failed, the description why (the
 * server's words, or the title again when it gave none).
 */
export const notifyFailure =
  (title: string) =>
  (error: unknown): void =>
    notify({ type: 'error', title, description: errorMessage(error, title) });

/**
 * An action a person starts (a submit, a delete) with its busy flag: `busy` while it runs, and a
 * failure told in an 'Error' toast that says what failed and why ("Failed to add comment: …");
 * `onFailure` gets the why as well, for a dialog to show beside its field. `run` itself never
 * throws, so what follows it runs whether the action worked or not.
 */
export const useBusyAction = (failure: string, onFailure?: (reason: string) => void) => {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const reason = errorMessage(error, failure);
      onFailure?.(reason);
      notify({ type: 'error', title: 'Error', description: `${failure}: ${reason}` });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
};
