import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { AppLink } from '../../../components/ui/link';
import { Panel } from '../../../components/ui/page';
import { paths } from '../../../config/paths';
import type { ReviewDecision } from '../api/review-request';
import { RequestChanges } from './request-changes';
import { formatDateTime, requestTypeIcon, requestTypeLabel, statusColors, statusLabels } from './request-type';
import { ReviewDialog } from './review-dialog';

const Detail = ({ label, children }: { label: string; children: string }) => (
  <Text fontSize="sm" overflowWrap="anywhere">
    <Text as="span" color="fg.muted">
      {label}:{' '}
    </Text>
    {children}
  </Text>
);

/**
 * One approval request (spec §2 Approval Queue): type icon and label, status badge, request id,
 * submitter and time, what it would change; Reject and Approve while pending, the review after.
 */
export const RequestCard = ({ request }: { request: ApprovalRequest }) => {
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const Icon = requestTypeIcon(request.requestType);
  const label = requestTypeLabel(request.requestType);
  const headingId = `request-${request.id}`;
  const showComponentLink = request.componentId !== null && request.requestType !== 'new';

  return (
    <Panel as="article" aria-labelledby={headingId} p={{ base: '4', md: '5' }}>
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" gap="3">
          <HStack gap="2" minWidth="0">
            <Box color="blue.700" flexShrink={0} bg="blue.50" borderRadius="md" p="1.5">
              <Icon size={18} aria-hidden />
            </Box>
            <Heading as="h2" size="md" id={headingId}>
              {label}
            </Heading>
          </HStack>
          <Badge colorPalette={statusColors[request.status]} variant="subtle" flexShrink={0}>
            {statusLabels[request.status]}
          </Badge>
        </HStack>

        <Stack gap="0.5">
          <Detail label="Request ID">{request.id}</Detail>
          <Detail label="Submitted by">{request.username}</Detail>
          <Detail label="Created">{formatDateTime(request.createdAt)}</Detail>
          {showComponentLink && (
            <Text fontSize="sm">
              <AppLink to={paths.hub.component.href(request.componentId!)}>
                View component {request.componentId}
              </AppLink>
            </Text>
          )}
        </Stack>

        <RequestChanges request={request} />

        {request.status === 'pending' ? (
          <HStack justify="flex-end" gap="2" borderTopWidth="1px" pt="3" wrap="wrap">
            <Button
              variant="outline"
              colorPalette="red"
              size="sm"
              onClick={() => setDecision('rejected')}
              aria-label={`Reject ${label.toLowerCase()} request ${request.id}`}
            >
              <X aria-hidden />
              Reject
            </Button>
            <Button
              colorPalette="green"
              size="sm"
              onClick={() => setDecision('approved')}
              aria-label={`Approve ${label.toLowerCase()} request ${request.id}`}
            >
              <Check aria-hidden />
              Approve
            </Button>
          </HStack>
        ) : (
          <Stack gap="1" borderTopWidth="1px" pt="3" as="section" aria-label="Review">
            <Text fontSize="sm" fontWeight="semibold">
              Review Notes
            </Text>
            <Text
              fontSize="sm"
              color={request.reviewNotes ? undefined : 'fg.muted'}
              fontStyle={request.reviewNotes ? undefined : 'italic'}
              whiteSpace="pre-wrap"
              overflowWrap="anywhere"
            >
              {request.reviewNotes || 'No notes provided'}
            </Text>
            <Detail label="Reviewed by">{request.reviewedBy ?? ''}</Detail>
            <Detail label="Reviewed at">{formatDateTime(request.reviewedAt)}</Detail>
          </Stack>
        )}
      </Stack>
      {request.status === 'pending' && (
        <ReviewDialog request={request} decision={decision} onClose={() => setDecision(null)} />
      )}
    </Panel>
  );
};
