import type { Version } from '#shared/schemas/approvals';
import type { Component } from '#shared/schemas/component';
import { useState } from 'react';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { RequestSubmittedDialog } from '#web/components/ui/request-submitted-dialog.tsx';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { requestRevert, useRefreshRequests } from '../api/change-requests';

interface RevertVersionProps {
  component: Component;
  /** The version to go back to; the dialog is open while there is one. */
  version: Version | null;
  onClose: () => void;
}

/**
 * 'Revert to this version': a confirmation, then an edit request restoring that version's values
 * of every field changed since; like any edit it changes the part only once approved.
 */
export const RevertVersion = ({ component, version, onClose }: RevertVersionProps) => {
  const { busy, run } = useBusyAction('Failed to submit the revert');
  const [submitted, setSubmitted] = useState<{ requestId: string; versionNumber: number } | null>(null);
  const refreshRequests = useRefreshRequests();

  const submit = async () => {
    if (!version) return;
    await run(async () => {
      const answer = await requestRevert(component.id, version.versionNumber);
      refreshRequests();
      onClose();
      setSubmitted({ requestId: answer.requestId, versionNumber: version.versionNumber });
    });
  };

  return (
    <>
      <FormDialog
        title={`Revert to Version ${version?.versionNumber ?? ''}`}
        description={`This proposes an edit of ${component.reference} that restores the values version ${version?.versionNumber ?? ''} had for every field changed since. Like any edit, it is published once an administrator approves it.`}
        open={version !== null}
        onClose={onClose}
        onSubmit={submit}
        submitLabel="Submit for Approval"
        submittingLabel="Submitting..."
        isSubmitting={busy}
      />
      <RequestSubmittedDialog
        title="Revert Submitted"
        description={`Your request to restore version ${submitted?.versionNumber ?? ''} of ${component.reference} has been submitted for approval.`}
        requestId={submitted?.requestId ?? null}
        onClose={() => setSubmitted(null)}
      >
        The part keeps its current values until an administrator approves it.
      </RequestSubmittedDialog>
    </>
  );
};
