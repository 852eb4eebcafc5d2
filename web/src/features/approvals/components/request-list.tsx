import { Alert } from '@chakra-ui/react/alert';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { RequestStatus } from '#shared/schemas/approvals';
import { Panel } from '../../../components/ui/page';
import { loadFailureMessage, useApprovalRequests } from '../api/get-approval-requests';
import { RequestCard } from './request-card';

/** The requests of one status: loading, failure, empty, or one card each. */
export const RequestList = ({ status }: { status: RequestStatus }) => {
  const { requests, error } = useApprovalRequests(status);

  if (error && !requests) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{loadFailureMessage(error)}</Alert.Title>
      </Alert.Root>
    );
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
    return (
      <Panel>
        <Text color="fg.muted" textAlign="center" py="6">
          No {status} requests found.
        </Text>
      </Panel>
    );
  }
  return (
    <Stack gap="4">
      {requests.map((request) => (
        <RequestCard key={request.id} request={request} />
      ))}
    </Stack>
  );
};
