import { useState } from 'react';
import { notify } from '../components/ui/toaster';
import { errorMessage } from './api-client';

/**
 * An action a person starts (a submit, a delete) with its busy flag: `busy` while it runs, and a
 * failure told in an 'Error' toast that says what failed and why ("Failed to add comment: …").
 * `run` itself never throws, so what follows it runs whether the action worked or not.
 */
export const useBusyAction = (failure: string) => {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify({ type: 'error', title: 'Error', description: `${failure}: ${errorMessage(error, failure)}` });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
};
