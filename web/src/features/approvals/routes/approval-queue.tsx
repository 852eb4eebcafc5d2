import { Checkbox } from '@chakra-ui/react/checkbox';
import { Tabs } from '@chakra-ui/react/tabs';
import { LineTabs } from '#web/components/ui/tabs-row.tsx';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '#shared/app-paths';
import { requestStatuses, type RequestStatus } from '#shared/schemas/approvals';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { PageHeader } from '#web/components/ui/page.tsx';
import { RequestList } from '../components/request-list';
import { statusLabels } from '../components/request-type';

/**
 * /component-hub/approval-queue (admin only): tabs Pending, Approved, Rejected. With `?batch=`, only
 * the requests one "Refresh lifecycle and data" batch filed, so they are approved together. With
 * `?assigned=me` ("Assigned to me"), only the requests whose class names a group the viewer is in.
 */
export const ApprovalQueueRoute = () => {
  const [status, setStatus] = useState<RequestStatus>('pending');
  const [params, setParams] = useSearchParams();
  const batch = params.get('batch') || undefined;
  const assignedToMe = params.get('assigned') === 'me';
  const setAssignedToMe = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('assigned', 'me');
        else next.delete('assigned');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader title="Approval Queue" subtitle="Review and approve component change requests" />
      {batch && (
        <InlineAlert status="info" mb="4" title="Showing one data batch's requests" data-testid="batch-filter">
          Only the requests filed by the data refresh batch {batch} are listed.{' '}
          <AppLink to={paths.hub.approvalQueue.href()}>Show all requests</AppLink>
        </InlineAlert>
      )}
      <Checkbox.Root
        mb="3"
        checked={assignedToMe}
        onCheckedChange={(details) => setAssignedToMe(details.checked === true)}
        colorPalette="blue"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Assigned to me</Checkbox.Label>
      </Checkbox.Root>
      <LineTabs value={status} onTabChange={setStatus} lazyMount>
        <Tabs.List mb="2">
          {requestStatuses.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {statusLabels[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {requestStatuses.map((value) => (
          <Tabs.Content key={value} value={value}>
            <RequestList status={value} batch={batch} assignedToMe={assignedToMe} />
          </Tabs.Content>
        ))}
      </LineTabs>
    </>
  );
};

export default ApprovalQueueRoute;
