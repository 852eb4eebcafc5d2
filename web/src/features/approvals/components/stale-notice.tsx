import type { ApprovalRequest } from '#shared/schemas/approvals';
import { displayValue, fieldLabel } from './request-changes';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

/** How a changed field reads in a warning: "Description: 'Contactor' when proposed, 'Contactor 3 kW' now". */
const change = (request: ApprovalRequest, field: string) =>
  `${fieldLabel(field)}: ${displayValue(field, request.previousData?.[field]) ?? '(empty)'} when proposed, ${displayValue(field, request.currentData?.[field]) ?? '(empty)'} now`;

/**
 * Says, before anyone clicks Approve, that the part moved since the request was made: fields of
 * an edit that changed meanwhile (approving would fail), or other changes (approving applies
 * only this request's fields). Nothing when the part is as it was.
 */
export const StaleNotice = ({ request }: { request: ApprovalRequest }) => {
  if (request.status !== 'pending') return null;
  if (request.componentDeleted)
    return (
      <InlineAlert status="warning" size="sm" title="This part has been deleted">
        The request is closed automatically when the queue is next read.
      </InlineAlert>
    );
  if (request.staleFields.length > 0)
    return (
      <InlineAlert status="warning" size="sm" title="The part changed since this edit was proposed">
        {request.staleFields.map((field) => change(request, field)).join('; ')}. Approving will fail: reject it, or ask
        for a new edit.
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
