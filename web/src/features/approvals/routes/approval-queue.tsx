import { BeingBuilt } from '../../../components/ui/page';

/** /component-hub/approval-queue (built by the approvals change). */
export const ApprovalQueueRoute = () => <BeingBuilt title="Approval Queue" subtitle="Review and approve component change requests" />;

export default ApprovalQueueRoute;
