import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState, type ReactNode } from 'react';
import { REVIEW_NOTES_MAX_LENGTH, type ApprovalRequest } from '#shared/schemas/approvals';
import { messages } from '#shared/messages';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUser } from '#web/lib/auth.tsx';
import { useReviewRequest, type ReviewDecision } from '../api/review-request';
import { requestTypeLabel } from './request-type';
import { StaleNotice } from './stale-notice';
import {
  DuplicateNotice,
  mayDuplicate,
  NotDuplicateConfirmation,
  useNotDuplicateConfirmation,
} from './duplicate-notice';

/** The note a review may carry, up to the length the server keeps. */
export const ReviewNotesField = ({
  notes,
  onChange,
  placeholder,
  children,
}: {
  notes: string;
  onChange: (notes: string) => void;
  placeholder: string;
  children?: ReactNode;
}) => (
  <Field.Root>
    <Field.Label>Review Notes</Field.Label>
    <Textarea
      value={notes}
      onChange={(event) => onChange(event.target.value)}
      maxLength={REVIEW_NOTES_MAX_LENGTH}
      rows={4}
      placeholder={placeholder}
      bg="bg"
    />
    {children}
  </Field.Root>
);

const wording: Record<ReviewDecision, { title: string; action: string; busy: string; toast: string; verb: string }> = {
  approved: {
    title: 'Approve Request',
    action: 'Approve',
    busy: 'Approving...',
    toast: 'Request Approved',
    verb: 'approved',
  },
  rejected: {
    title: 'Reject Request',
    action: 'Reject',
    busy: 'Rejecting...',
    toast: 'Request Rejected',
    verb: 'rejected',
  },
};

interface ReviewDialogProps {
  request: ApprovalRequest;
  decision: ReviewDecision | null;
  onClose: () => void;
  /** An administrator deciding their own request: the dialog asks why, and sends nothing without it. */
  override?: boolean;
}

/**
 * The Approve and Reject dialogs with optional 'Review Notes'. Approving a new part that may be
 * a duplicate waits for the reviewer to confirm it is another part.
 */
export const ReviewDialog = ({ request, decision, onClose, override = false }: ReviewDialogProps) => {
  const { user } = useUser();
  const review = useReviewRequest();
  const [notes, setNotes] = useState('');
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const words = wording[decision ?? 'approved'];
  const asksConfirmation = decision === 'approved' && mayDuplicate(request);
  const confirmation = useNotDuplicateConfirmation(asksConfirmation);

  const close = () => {
    setNotes('');
    setReason('');
    setReasonMissing(false);
    confirmation.reset();
    onClose();
  };

  const submit = async () => {
    if (!decision || !confirmation.allows()) return;
    if (override && !reason.trim()) {
      setReasonMissing(true);
      return;
    }
    setSubmitting(true);
    try {
      await review(request.id, {
        status: decision,
        reviewNotes: notes,
        reviewedBy: user?.username || user?.email || 'admin',
        ...(override && { overrideReason: reason }),
      });
      notify({ type: 'success', title: words.toast, description: `The request has been ${words.verb} successfully.` });
      close();
    } catch (error) {
      notify({
        type: 'error',
        title: 'Error',
        description: `Failed to process request: ${errorMessage(error, error instanceof Error ? error.message : String(error))}`,
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      title={words.title}
      description={`${requestTypeLabel(request.requestType)} request ${request.componentReference ? `for ${request.componentReference} ` : ''}(${request.id}), submitted by ${request.username}.`}
      open={decision !== null}
      onClose={close}
      onSubmit={submit}
      submitLabel={words.action}
      submittingLabel={words.busy}
      isSubmitting={isSubmitting}
      destructive={decision === 'rejected'}
    >
      {decision === 'approved' && (
        <Box mb="4" _empty={{ display: 'none' }}>
          <StaleNotice request={request} />
          <DuplicateNotice request={request} />
        </Box>
      )}
      {asksConfirmation && <NotDuplicateConfirmation {...confirmation.props} />}
      {override && (
        <Field.Root required invalid={reasonMissing} mb="4">
          <Field.Label>
            Override reason
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setReasonMissing(false);
            }}
            maxLength={REVIEW_NOTES_MAX_LENGTH}
            rows={3}
            placeholder="Why you decide your own request instead of another reviewer"
            bg="bg"
          />
          <Field.HelperText>You filed this request. The reason is kept on it for everyone to see.</Field.HelperText>
          <Field.ErrorText>{messages.overrideReasonRequired}</Field.ErrorText>
        </Field.Root>
      )}
      <ReviewNotesField notes={notes} onChange={setNotes} placeholder="Optional notes for the submitter">
        <Field.HelperText>Optional. The submitter sees them in their notification.</Field.HelperText>
      </ReviewNotesField>
    </FormDialog>
  );
};
