import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, UserCheck, X } from 'lucide-react';
import { messages } from '#shared/messages';
import { useState } from 'react';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import type { DistributorSource } from '#shared/schemas/distributor-fill';
import { distributorLabels } from '#shared/schemas/distributors';
import { AppLink } from '#web/components/ui/link.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { paths } from '#shared/app-paths';
import type { ReviewDecision } from '../api/review-request';
import { RequestChanges } from './request-changes';
import { requestTypeIcon, requestTypeLabel, statusColors, statusLabels } from './request-type';
import { formatDateTime } from '#web/lib/dates.ts';
import { ReviewDialog } from './review-dialog';
import { cannotApprove, StaleNotice, staleNoticeId } from './stale-notice';
import { DuplicateNotice } from './duplicate-notice';

const Detail = ({ label, children }: { label: string; children: string }) => (
  <Text fontSize="sm" overflowWrap="anywhere">
    <Text as="span" color="fg.muted">
      {label}:{' '}
    </Text>
    {children}
  </Text>
);

/** Where a fill's values came from: the distributor's product, the match, when it was read, and whether a refresh batch filed it. */
const describeDistributorSource = (source: DistributorSource): string =>
  `${distributorLabels[source.provider]} ${source.productNumber ?? source.manufacturerPartNumber} (${Math.round(
    source.confidence * 100,
  )}% match, read ${formatDateTime(source.readAt)})${source.batchId ? ', filed by a data refresh batch' : ''}`;

/** The part the request is about, by reference: a link while it exists, a note once it is deleted. */
const PartLine = ({ request }: { request: ApprovalRequest }) => {
  const reference = request.componentReference ?? (request.componentId ? `Component ${request.componentId}` : null);
  if (!reference) return null;
  const linked = request.componentId !== null && !request.componentDeleted;
  return (
    <Text fontSize="sm" overflowWrap="anywhere">
      <Text as="span" color="fg.muted">
        Part:{' '}
      </Text>
      {linked ? (
        <AppLink to={paths.hub.component.href(request.componentId!)} fontWeight="semibold">
          {reference}
        </AppLink>
      ) : (
        <Text as="span" fontWeight="semibold">
          {reference}
        </Text>
      )}
      {request.componentDeleted && (
        <Text as="span" color="fg.muted">
          {' '}
          (this part was deleted)
        </Text>
      )}
    </Text>
  );
};

interface RequestCardProps {
  request: ApprovalRequest;
  /** Pending cards can be picked for a bulk review. */
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
}

/**
 * One approval request: type icon and label, status badge, the part by
 * reference, request id, submitter and time, what it would change (with the part's values now
 * and a warning when the part changed since, or what a new part may duplicate); Reject and
 * Approve while pending, the review after.
 */
export const RequestCard = ({ request, selected, onSelectedChange }: RequestCardProps) => {
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  // Four eyes: one's own request waits for another reviewer; an administrator may override, giving a reason.
  const [overriding, setOverriding] = useState(false);
  const own = request.status === 'pending' && request.selfReview !== undefined;
  const showsButtons = !own || overriding;
  const Icon = requestTypeIcon(request.requestType);
  const label = requestTypeLabel(request.requestType);
  const headingId = `request-${request.id}`;
  const pending = request.status === 'pending';
  const subject = request.componentReference ?? request.id;

  return (
    <Panel as="article" aria-labelledby={headingId} p={{ base: '4', md: '5' }}>
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" gap="3">
          <HStack gap="2" minWidth="0">
            {pending && !own && onSelectedChange && (
              <Checkbox.Root
                checked={selected ?? false}
                onCheckedChange={(details) => onSelectedChange(details.checked === true)}
                colorPalette="blue"
              >
                <Checkbox.HiddenInput aria-label={`Select ${label.toLowerCase()} request for ${subject}`} />
                <Checkbox.Control />
              </Checkbox.Root>
            )}
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
          <PartLine request={request} />
          <Detail label="Request ID">{request.id}</Detail>
          <Detail label="Submitted by">{request.username}</Detail>
          {request.assignedGroups?.length ? (
            <Detail label="Assigned to">{request.assignedGroups.join(', ')}</Detail>
          ) : null}
          <Detail label="Created">{formatDateTime(request.createdAt)}</Detail>
          {request.distributorSource && (
            <Detail label="Values from">{describeDistributorSource(request.distributorSource)}</Detail>
          )}
        </Stack>

        <StaleNotice request={request} onReject={() => setDecision('rejected')} />
        <DuplicateNotice request={request} />
        <RequestChanges request={request} />

        {own && (
          <HStack
            borderTopWidth="1px"
            pt="3"
            gap="3"
            justify="space-between"
            wrap="wrap"
            role="note"
            aria-label="Your own request"
          >
            <HStack gap="2" color="fg.muted" fontSize="sm" align="flex-start" flex="1" minWidth="14rem">
              <UserCheck size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text>
                {request.selfReview === 'override' ? messages.ownRequestOverrideOnly : messages.ownRequestReview}.
              </Text>
            </HStack>
            {request.selfReview === 'override' && !overriding && (
              <Button variant="outline" size="sm" onClick={() => setOverriding(true)}>
                Override as administrator
              </Button>
            )}
          </HStack>
        )}

        {pending && showsButtons ? (
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
              disabled={cannotApprove(request)}
              aria-describedby={cannotApprove(request) ? staleNoticeId(request) : undefined}
            >
              <Check aria-hidden />
              Approve
            </Button>
          </HStack>
        ) : pending ? null : (
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
            <Detail label={request.status === 'withdrawn' ? 'Withdrawn by' : 'Reviewed by'}>
              {request.reviewedBy ?? ''}
            </Detail>
            <Detail label={request.status === 'withdrawn' ? 'Withdrawn at' : 'Reviewed at'}>
              {formatDateTime(request.reviewedAt)}
            </Detail>
            {request.overrideReason && (
              <Detail label="Own request, decided with an override">{request.overrideReason}</Detail>
            )}
          </Stack>
        )}
      </Stack>
      {pending && (
        <ReviewDialog
          request={request}
          decision={decision}
          onClose={() => setDecision(null)}
          override={request.selfReview === 'override'}
        />
      )}
    </Panel>
  );
};
