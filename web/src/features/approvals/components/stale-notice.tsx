import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { paths } from '#shared/app-paths';
import { displayValue, fieldLabel } from './request-changes';

/** How a changed field reads in a warning: "Description: 'Contactor' when proposed, 'Contactor 3 kW' now". */
const change = (request: ApprovalRequest, field: string) =>
  `${fieldLabel(field)}: ${displayValue(field, request.previousData?.[field]) ?? '(empty)'} when proposed, ${displayValue(field, request.currentData?.[field]) ?? '(empty)'} now`;

/** A pending request that cannot be approved as it stands: its part is gone, or fields it edits changed since. */
export const cannotApprove = (request: ApprovalRequest): boolean =>
  request.status === 'pending' && (request.componentDeleted || request.staleFields.length > 0);

/** The id of the notice that says why a request cannot be approved, for the Approve button to point at. */
export const staleNoticeId = (request: ApprovalRequest) => `stale-${request.id}`;

/**
 * Says, before anyone clicks Approve, that the part moved since the request was made: fields of
 * an edit that changed meanwhile (it cannot be approved: what works is offered, rejecting it or
 * opening the part to see its values now), or other changes (approving applies only this
 * request's fields). Nothing when the part is as it was.
 */
export const StaleNotice = ({ request, onReject }: { request: ApprovalRequest; onReject?: () => void }) => {
  if (request.status !== 'pending') return null;
  if (request.componentDeleted)
    return (
      <InlineAlert status="warning" size="sm" title="This part has been deleted" id={staleNoticeId(request)}>
        It cannot be approved. The request is closed automatically when the queue is next read.
      </InlineAlert>
    );
  if (request.staleFields.length > 0)
    return (
      <InlineAlert status="warning" size="sm" title="The part changed since this edit was proposed">
        <Stack gap="2">
          <Text id={staleNoticeId(request)}>
            {request.staleFields.map((field) => change(request, field)).join('; ')}. It cannot be approved as it stands:
            reject it, or open the part to review its values now and propose a new edit from them.
          </Text>
          <HStack gap="2" wrap="wrap">
            {onReject && (
              <Button size="xs" variant="outline" colorPalette="red" onClick={onReject}>
                Reject this edit
              </Button>
            )}
            {request.componentId !== null && (
              <Button asChild size="xs" variant="outline">
                <RouterLink to={paths.hub.component.href(request.componentId)}>Review the part's values now</RouterLink>
              </Button>
            )}
          </HStack>
        </Stack>
      </InlineAlert>
    );
  if (request.componentChanged)
    return (
      <InlineAlert status="info" size="sm" title="The part changed since this request was made">
        {request.requestType === 'edit'
          ? 'Other fields were changed; approving applies only the fields below.'
          : 'Check the part before approving.'}
      </InlineAlert>
    );
  return null;
};
