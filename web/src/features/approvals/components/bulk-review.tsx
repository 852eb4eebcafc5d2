import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Dialog } from '@chakra-ui/react/dialog';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { classChangeOf, describeClassChange } from '#shared/class-list';
import { messages } from '#shared/messages';
import type { ApprovalRequest, BulkReviewSummary } from '#shared/schemas/approvals';
import { fieldLabel } from '#shared/schemas/component';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { useBulkReview } from '../api/bulk-review';
import type { ReviewDecision } from '../api/review-request';
import { requestTypeLabel } from './request-type';
import { DialogCloseButton, DialogFrame } from '#web/components/ui/dialog-frame.tsx';
import { ReviewNotesField } from './review-dialog';
import { mayDuplicate, NotDuplicateConfirmation, useNotDuplicateConfirmation } from './duplicate-notice';

interface BulkBarProps {
  requests: readonly ApprovalRequest[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
}

const plural = (count: number) => `${count} request${count === 1 ? '' : 's'}`;

/**
 * What a bulk review did: what was applied, and what was not and why. Each line names the kind
 * of request, its part and its submitter, so two requests about one part are told apart.
 */
const SummaryDialog = ({
  summary,
  reviewed,
  onClose,
}: {
  summary: BulkReviewSummary | null;
  reviewed: ReadonlyMap<string, ApprovalRequest>;
  onClose: () => void;
}) => {
  const verb = summary?.status === 'approved' ? 'Approved' : 'Rejected';
  const describe = (entry: { id: string; componentReference: string | null }) => {
    const request = reviewed.get(entry.id);
    const part = entry.componentReference ?? request?.componentReference ?? entry.id;
    if (!request) return part;
    const classChange = request.requestType === 'class' ? classChangeOf(request.requestData) : null;
    if (classChange) return `${describeClassChange(classChange)} by ${request.username}`;
    // An edit says what it changes, so two edits of one part are told apart.
    const fields =
      request.requestType === 'edit'
        ? Object.keys(request.requestData)
            .filter((field) => field !== 'username')
            .map(fieldLabel)
        : [];
    const changes = fields.length ? ` (${fields.join(', ')})` : '';
    return `${requestTypeLabel(request.requestType)}${changes} for ${part} by ${request.username}`;
  };
  return (
    <DialogFrame
      open={summary !== null}
      onDismiss={onClose}
      title="Bulk Review Summary"
      footer={<DialogCloseButton colorPalette="blue" />}
    >
      {summary && (
        <Stack gap="4">
          <Dialog.Description>
            {verb} {plural(summary.applied.length)}
            {summary.failed.length ? `; ${plural(summary.failed.length)} not applied.` : '.'}
          </Dialog.Description>
          {summary.applied.length > 0 && (
            <Stack gap="1" as="section" aria-label={verb}>
              <Heading as="h3" size="sm">
                {verb}
              </Heading>
              <Stack as="ul" gap="0.5" listStyleType="none">
                {summary.applied.map((entry) => (
                  <Text as="li" key={entry.id} fontSize="sm" overflowWrap="anywhere">
                    {describe(entry)}
                  </Text>
                ))}
              </Stack>
            </Stack>
          )}
          {summary.failed.length > 0 && (
            <Stack gap="1" as="section" aria-label="Not applied">
              <Heading as="h3" size="sm">
                Not applied
              </Heading>
              <Stack as="ul" gap="1" listStyleType="none">
                {summary.failed.map((entry) => (
                  <Text as="li" key={entry.id} fontSize="sm" overflowWrap="anywhere">
                    <Text as="span" fontWeight="semibold">
                      {describe(entry)}
                    </Text>
                    : {entry.message}
                  </Text>
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
    </DialogFrame>
  );
};

/**
 * Above the pending list: select all, and approve or reject the selected requests together
 * with one review note; each is applied once on the server, and a summary says what happened.
 * Approving new parts that may be duplicates waits for the reviewer to confirm they are not.
 */
export const BulkBar = ({ requests, selected, onSelect }: BulkBarProps) => {
  const bulkReview = useBulkReview();
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const [notes, setNotes] = useState('');
  const { busy, run } = useBusyAction('Failed to process requests');
  const [summary, setSummary] = useState<BulkReviewSummary | null>(null);
  const [reviewed, setReviewed] = useState<ReadonlyMap<string, ApprovalRequest>>(new Map());
  const count = selected.size;
  const all = requests.length > 0 && count === requests.length;
  const stale = requests.filter((request) => selected.has(request.id) && request.staleFields.length > 0);
  const duplicates = requests.filter((request) => selected.has(request.id) && mayDuplicate(request));
  const asksConfirmation = decision === 'approved' && duplicates.length > 0;
  const confirmation = useNotDuplicateConfirmation(asksConfirmation);

  const close = () => {
    setDecision(null);
    setNotes('');
    confirmation.reset();
  };

  const submit = async () => {
    if (!decision || !confirmation.allows()) return;
    await run(async () => {
      const chosen = requests.filter((request) => selected.has(request.id));
      const result = await bulkReview(
        chosen.map((request) => request.id),
        decision,
        notes,
      );
      onSelect(new Set());
      close();
      setReviewed(new Map(chosen.map((request) => [request.id, request])));
      setSummary(result);
    });
  };

  const summaryDialog = <SummaryDialog summary={summary} reviewed={reviewed} onClose={() => setSummary(null)} />;
  // Nothing left to review (the last ones were just reviewed): only what happened is shown.
  if (requests.length === 0) return summaryDialog;
  return (
    <Panel py="3" px={{ base: '3', md: '4' }}>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Checkbox.Root
          checked={all ? true : count > 0 ? 'indeterminate' : false}
          onCheckedChange={(details) =>
            onSelect(details.checked === true ? new Set(requests.map((request) => request.id)) : new Set())
          }
          colorPalette="blue"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{count ? `${count} selected` : 'Select all'}</Checkbox.Label>
        </Checkbox.Root>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={count === 0}
            onClick={() => setDecision('rejected')}
          >
            <X aria-hidden />
            Reject selected
          </Button>
          <Button size="sm" colorPalette="green" disabled={count === 0} onClick={() => setDecision('approved')}>
            <Check aria-hidden />
            Approve selected
          </Button>
        </HStack>
      </HStack>
      <FormDialog
        title={decision === 'rejected' ? `Reject ${plural(count)}` : `Approve ${plural(count)}`}
        description={
          decision === 'approved' && stale.length > 0
            ? `${plural(stale.length)} changed since proposed (${stale.map((request) => request.componentReference ?? request.id).join(', ')}) and will not be applied; the others will, each once.`
            : `The same review notes go to every submitter. Each request is ${decision === 'rejected' ? 'rejected' : 'applied'} on its own; a summary follows.`
        }
        open={decision !== null}
        onClose={close}
        onSubmit={submit}
        submitLabel={decision === 'rejected' ? 'Reject' : 'Approve'}
        submittingLabel={decision === 'rejected' ? 'Rejecting...' : 'Approving...'}
        isSubmitting={busy}
        destructive={decision === 'rejected'}
      >
        {asksConfirmation && (
          <>
            <Text mb="2">{messages.approveDuplicatesSelected(duplicates.length)}</Text>
            <NotDuplicateConfirmation {...confirmation.props} />
          </>
        )}
        <ReviewNotesField notes={notes} onChange={setNotes} placeholder="Optional notes for the submitters" />
      </FormDialog>
      {summaryDialog}
    </Panel>
  );
};
