import { PageHeader } from '#web/components/ui/page.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { useUser } from '#web/lib/auth.tsx';
import { draftKey } from '../components/component-form/component-draft';
import { ComponentForm } from '../components/component-form/component-form';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

/** /component-hub/add-component. */
export const AddComponentRoute = () => {
  const { user } = useUser();
  return (
    <>
      <PageHeader title="Add New Component" subtitle="Submit a new component to the database" />
      <InlineAlert status="warning" mb="6">
        New components are submitted for review and must be approved by an administrator before they are added to the
        database. Only Reference and Class are required.
      </InlineAlert>
      {user ? (
        <ComponentForm key={user.id} draftKey={draftKey(user.id)} username={user.username || user.email} />
      ) : (
        <PageSpinner />
      )}
    </>
  );
};

export default AddComponentRoute;
