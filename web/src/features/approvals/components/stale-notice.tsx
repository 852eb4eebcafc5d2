import { Alert } from '@chakra-ui/react/alert';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { displayValue, fieldLabel } from './request-changes';

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
      <Alert.Root status="warning" size="sm">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This part has been deleted</Alert.Title>
          <Alert.Description>The request is closed automatically when the queue is next read.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  if (request.staleFields.length > 0)
    return (
      <Alert.Root status="warning" size="sm">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The part changed since this edit was proposed</Alert.Title>
          <Alert.Description>
            {request.staleFields.map((field) => change(request, field)).join('; ')}. Approving will fail: reject it, or
            ask for a new edit.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  if (request.componentChanged)
    return (
      <Alert.Root status="info" size="sm">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The part changed since this request was made</Alert.Title>
          <Alert.Description>
            {request.requestType === 'edit'
              ? 'Other fields were changed; approving applies only the fields below.'
              : 'Check the part before approving.'}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  return null;
};
