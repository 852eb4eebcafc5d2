import { Checkbox } from '@chakra-ui/react/checkbox';
import { Field } from '@chakra-ui/react/field';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { messages } from '#shared/messages';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { DuplicateCandidateList } from '#web/components/ui/duplicate-candidates.tsx';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

/** Whether approving the request may add a part the catalogue or the queue already has. */
export const mayDuplicate = (request: ApprovalRequest): boolean =>
  request.status === 'pending' && (request.possibleDuplicates?.length ?? 0) > 0;

/** Where a pending request's card is on the queue page (its heading's id). */
export const requestCardAnchor = (requestId: string) => `#request-${requestId}`;

/**
 * On a pending new part that looks like a part of the catalogue or another pending request:
 * "Possible duplicate of" what, each linked (a part to its page, a request to its card).
 */
export const DuplicateNotice = ({ request }: { request: ApprovalRequest }) => {
  if (!mayDuplicate(request)) return null;
  return (
    <InlineAlert status="warning" size="sm" title={`${messages.possibleDuplicateOf}:`}>
      <DuplicateCandidateList candidates={request.possibleDuplicates!} requestHref={requestCardAnchor} />
      <Text mt="1">{messages.possibleDuplicateApproveHint}</Text>
    </InlineAlert>
  );
};

/**
 * The confirmation approving a possible duplicate asks for: a box to tick, and the reason the
 * approval waits while it is not ticked (`refused`: approving was tried without it).
 */
export const NotDuplicateConfirmation = ({
  checked,
  onChange,
  refused,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  refused: boolean;
}) => (
  <Field.Root invalid={refused && !checked} mb="4">
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      colorPalette="blue"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{messages.approveDuplicateConfirm}</Checkbox.Label>
    </Checkbox.Root>
    <Field.ErrorText>{messages.approveDuplicateRequired}</Field.ErrorText>
  </Field.Root>
);

/**
 * The confirmation's state in an Approve dialog (`asked`: the approval may add a duplicate):
 * `allows()` says whether approving may go on, showing why not when it may not; `reset()` when
 * the dialog closes; `props` for the box.
 */
export const useNotDuplicateConfirmation = (asked: boolean) => {
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState(false);
  return {
    allows: (): boolean => {
      if (!asked || checked) return true;
      setRefused(true);
      return false;
    },
    reset: () => {
      setChecked(false);
      setRefused(false);
    },
    props: { checked, onChange: setChecked, refused },
  };
};
