import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { messages } from '#shared/messages';
import type { ApprovalRequest, RequestType } from '#shared/schemas/approvals';
import { classChangeOf, describeClassChange } from '#shared/class-list';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { paths } from '#shared/app-paths';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { isReviewing, useUser } from '#web/lib/auth.tsx';
import { usePendingRequests } from '../api/get-pending-requests';
import { useWithdrawRequest } from '../api/withdraw-request';
import { ListCard } from './list-card';

/** Each request's label; a deletion says what it is ('Component Deletion', not the fallback 'New Attachment'). */
export const requestTypeLabel = (type: RequestType | string): string =>
  messages.requestTypeLabels[type as RequestType] ?? 'New Attachment';

/** The part a request is about: a link to it while it exists; a new part, or a deleted one, by name only. */
const PartName = ({ request }: { request: ApprovalRequest }) => {
  const classChange = request.requestType === 'class' ? classChangeOf(request.requestData) : null;
  if (classChange)
    return (
      <Text fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
        {describeClassChange(classChange)}
      </Text>
    );
  const reference = request.componentReference ?? (request.componentId ? `Component ${request.componentId}` : null);
  if (!reference) return null;
  if (request.componentDeleted)
    return (
      <Text fontSize="sm" overflowWrap="anywhere">
        {reference}{' '}
        <Text as="span" color="fg.muted">
          (this part was deleted)
        </Text>
      </Text>
    );
  if (request.requestType === 'new' || request.componentId === null)
    return (
      <Text fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
        {reference}
      </Text>
    );
  return (
    <AppLink
      to={paths.hub.component.href(request.componentId)}
      fontSize="sm"
      fontWeight="medium"
      overflowWrap="anywhere"
    >
      {reference}
    </AppLink>
  );
};

/**
 * Dashboard: 'Pending Approval Requests', the first 5, each naming its part. Review
 * links lead administrators to the queue (a user cannot open it); a submitter can withdraw
 * their own request here.
 */
export const PendingRequests = () => {
  const { requests } = usePendingRequests();
  const { user } = useUser();
  const withdraw = useWithdrawRequest();
  const [withdrawing, setWithdrawing] = useState<ApprovalRequest | null>(null);
  const { busy, run } = useBusyAction('Failed to withdraw the request');
  const isAdmin = isReviewing(user);

  const confirmWithdraw = async () => {
    if (!withdrawing) return;
    await run(async () => {
      await withdraw(withdrawing.id);
      notify({ type: 'success', title: 'Request Withdrawn', description: 'Your request has been withdrawn.' });
      setWithdrawing(null);
    });
  };

  return (
    <>
      <ListCard
        title="Pending Approval Requests"
        items={requests}
        empty="No pending requests."
        itemKey={(request) => request.id}
        renderItem={(request) => (
          <>
            <Stack gap="0.5" minWidth="0">
              <Badge colorPalette="orange" variant="subtle" alignSelf="flex-start">
                {requestTypeLabel(request.requestType)}
              </Badge>
              <PartName request={request} />
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                Submitted by {request.username}
              </Text>
            </Stack>
            <HStack gap="2" flexShrink={0} wrap="wrap" justify="flex-end">
              {user && request.userId === user.id && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setWithdrawing(request)}
                  aria-label={`Withdraw ${requestTypeLabel(request.requestType).toLowerCase()} request for ${request.componentReference ?? request.id}`}
                >
                  Withdraw
                </Button>
              )}
              {isAdmin && (
                <Button asChild size="sm" variant="outline">
                  <RouterLink to={paths.hub.approvalQueue.href()}>Review</RouterLink>
                </Button>
              )}
            </HStack>
          </>
        )}
      />
      <FormDialog
        title="Withdraw Request"
        description={
          withdrawing
            ? `Withdraw your ${requestTypeLabel(withdrawing.requestType).toLowerCase()} request${withdrawing.componentReference ? ` for ${withdrawing.componentReference}` : ''}? The administrators will no longer see it, and anything it uploaded is deleted.`
            : undefined
        }
        open={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        onSubmit={confirmWithdraw}
        submitLabel="Withdraw"
        submittingLabel="Withdrawing..."
        isSubmitting={busy}
        destructive
      />
    </>
  );
};
