import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { PageHeader } from '#web/components/ui/page.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { paths } from '#shared/app-paths';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUser } from '#web/lib/auth.tsx';
import { useDraft } from '../api/drafts';
import { ComponentForm } from '../components/component-form/component-form';
import { SubmittedDialog } from '../components/component-form/submitted-dialog';
import { DraftList } from '../components/draft-list';

/** /component-hub/add-component, and ?draft={id} to continue one of the person's drafts. */
export const AddComponentRoute = () => {
  const { user } = useUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const draftId = params.get('draft');
  const { draft, error } = useDraft(draftId);
  const [requestId, setRequestId] = useState<string | null>(null);

  const form = !user ? (
    <PageSpinner />
  ) : draftId && error ? (
    <InlineAlert status="error" title="This draft cannot be opened">
      {errorMessage(error, 'Please try again.')}{' '}
      <AppLink to={paths.hub.addComponent.href()}>Start a new component</AppLink>
    </InlineAlert>
  ) : draftId && !draft ? (
    <PageSpinner />
  ) : (
    <ComponentForm
      key={`${user.id}:${draft?.id ?? 'new'}`}
      userId={user.id}
      username={user.username || user.email}
      draft={draft}
      onSubmitted={setRequestId}
    />
  );

  return (
    <>
      <PageHeader title="Add New Component" subtitle="Submit a new component to the database" />
      <InlineAlert status="warning" mb="6">
        New components are submitted for review and must be approved by an administrator before they are added to the
        database. Only Reference and Class are required.
      </InlineAlert>
      <DraftList
        openId={draft?.id ?? null}
        onOpenDeleted={() => void navigate(paths.hub.addComponent.href(), { replace: true })}
      />
      {form}
      <SubmittedDialog requestId={requestId} onClose={() => setRequestId(null)} />
    </>
  );
};

export default AddComponentRoute;
