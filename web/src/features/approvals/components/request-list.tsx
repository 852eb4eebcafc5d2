import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import type { RequestStatus } from '#shared/schemas/approvals';
import { Panel } from '#web/components/ui/page.tsx';
import { loadFailureMessage, useApprovalRequests } from '../api/get-approval-requests';
import { BulkBar } from './bulk-review';
import { RequestCard } from './request-card';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

/**
 * The requests of one status (of one data batch, when named): loading, failure, empty, or one card
 * each; pending ones can be reviewed together.
 */
export const RequestList = ({
  status,
  batch,
  assignedToMe = false,
}: {
  status: RequestStatus;
  batch?: string;
  /** Only the requests assigned to a group the viewer is in. */
  assignedToMe?: boolean;
}) => {
  const { requests, error } = useApprovalRequests(status, batch, assignedToMe);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  if (error && !requests) {
    return <InlineAlert status="error" title={loadFailureMessage(error)} />;
  }
  if (!requests) {
    return (
      <Panel role="status">
        <HStack gap="3" color="fg.muted">
          <Spinner size="sm" aria-hidden />
          <Text>Loading approval requests...</Text>
        </HStack>
      </Panel>
    );
  }
  if (requests.length === 0) {
    const empty = (
      <Panel>
        <Text color="fg.muted" textAlign="center" py="6">
          No {status} requests {assignedToMe ? 'assigned to you ' : ''}found.
        </Text>
      </Panel>
    );
    if (status !== 'pending') return empty;
    // The bulk bar stays, bar-less, so the summary of a review that emptied the list is still shown.
    return (
      <Stack gap="4">
        <BulkBar requests={requests} selected={new Set()} onSelect={setSelected} />
        {empty}
      </Stack>
    );
  }
  if (status !== 'pending')
    return (
      <Stack gap="4">
        {requests.map((request) => (
          <RequestCard key={request.id} request={request} />
        ))}
      </Stack>
    );
  // A request reviewed or gone meanwhile is no longer selected.
  const shown = new Set(requests.map((request) => request.id));
  const chosen = new Set([...selected].filter((id) => shown.has(id)));
  return (
    <Stack gap="4">
      <BulkBar requests={requests} selected={chosen} onSelect={setSelected} />
      {requests.map((request) => (
        <RequestCard
          key={request.id}
          request={request}
          selected={chosen.has(request.id)}
          onSelectedChange={(on) => {
            const next = new Set(chosen);
            if (on) next.add(request.id);
            else next.delete(request.id);
            setSelected(next);
          }}
        />
      ))}
    </Stack>
  );
};
