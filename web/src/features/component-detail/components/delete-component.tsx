import { Button } from '@chakra-ui/react/button';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Component } from '#shared/schemas/component';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { RequestSubmittedDialog } from '#web/components/ui/request-submitted-dialog.tsx';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { requestDeletion, useRefreshRequests } from '../api/change-requests';

/**
 * 'Delete Component': 'Confirm Deletion', then a `delete` request and the
 * 'Delete Request Submitted' dialog with its id. The component stays until an admin approves.
 */
export const DeleteComponent = ({ component, username }: { component: Component; username: string }) => {
  const [confirming, setConfirming] = useState(false);
  const { busy: isSubmitting, run } = useBusyAction('Failed to submit delete request');
  const [requestId, setRequestId] = useState<string | null>(null);
  const refreshRequests = useRefreshRequests();

  const submit = async () => {
    await run(async () => {
      const answer = await requestDeletion(component.id, username);
      refreshRequests();
      setConfirming(false);
      setRequestId(answer.requestId);
    });
  };

  return (
    <>
      <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden />
        Delete Component
      </Button>
      <FormDialog
        title="Confirm Deletion"
        description="Are you sure you want to delete this component? This action requires approval."
        open={confirming}
        onClose={() => setConfirming(false)}
        onSubmit={submit}
        submitLabel="Delete"
        submittingLabel="Submitting..."
        isSubmitting={isSubmitting}
        destructive
      />
      <RequestSubmittedDialog
        title="Delete Request Submitted"
        description={`Your request to delete ${component.reference} has been submitted.`}
        requestId={requestId}
        onClose={() => setRequestId(null)}
      >
        The component will be removed from the database once approved by an administrator.
      </RequestSubmittedDialog>
    </>
  );
};
