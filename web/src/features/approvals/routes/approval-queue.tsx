import { Tabs } from '@chakra-ui/react/tabs';
import { LineTabs } from '#web/components/ui/tabs-row.tsx';
import { useState } from 'react';
import { requestStatuses, type RequestStatus } from '#shared/schemas/approvals';
import { PageHeader } from '#web/components/ui/page.tsx';
import { RequestList } from '../components/request-list';
import { statusLabels } from '../components/request-type';

/** /component-hub/approval-queue (admin only): tabs Pending, Approved, Rejected. */
export const ApprovalQueueRoute = () => {
  const [status, setStatus] = useState<RequestStatus>('pending');
  return (
    <>
      <PageHeader title="Approval Queue" subtitle="Review and approve component change requests" />
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
            <RequestList status={value} />
          </Tabs.Content>
        ))}
      </LineTabs>
    </>
  );
};

export default ApprovalQueueRoute;
