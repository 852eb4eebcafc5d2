import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router';
import type { RequestType } from '#shared/schemas/approvals';
import { paths } from '../../../config/paths';
import { usePendingRequests } from '../api/get-pending-requests';
import { ListCard } from './list-card';

/** Spec §2: 'New Component' for new, 'Component Edit' for edit, otherwise 'New Attachment'. */
export const requestTypeLabel = (type: RequestType | string): string =>
  type === 'new' ? 'New Component' : type === 'edit' ? 'Component Edit' : 'New Attachment';

/** Spec §2 Dashboard: 'Pending Approval Requests', the first 5, each with a 'Review' link to the queue. */
export const PendingRequests = () => {
  const { requests } = usePendingRequests();
  return (
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
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              Submitted by {request.username}
            </Text>
          </Stack>
          <Button asChild size="sm" variant="outline" flexShrink={0}>
            <RouterLink to={paths.hub.approvalQueue.href()}>Review</RouterLink>
          </Button>
        </>
      )}
    />
  );
};
