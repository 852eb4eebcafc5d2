import { RequestSubmittedDialog } from '#web/components/ui/request-submitted-dialog.tsx';

interface SubmittedDialogProps {
  /** The new request's id; the dialog is open while there is one. */
  requestId: string | null;
  onClose: () => void;
}

/** 'Component Submitted Successfully' with the Request ID. */
export const SubmittedDialog = ({ requestId, onClose }: SubmittedDialogProps) => (
  <RequestSubmittedDialog
    title="Component Submitted Successfully"
    description="Your component has been submitted for review."
    requestId={requestId}
    onClose={onClose}
  >
    The component will be added to the database once approved by an administrator.
  </RequestSubmittedDialog>
);
