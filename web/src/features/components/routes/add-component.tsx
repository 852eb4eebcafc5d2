import { Alert } from '@chakra-ui/react/alert';
import { PageHeader } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useUser } from '../../../lib/auth';
import { draftKey } from '../components/component-form/component-draft';
import { ComponentForm } from '../components/component-form/component-form';

/** /component-hub/add-component (spec §2 'Add New Component'). */
export const AddComponentRoute = () => {
  const { user } = useUser();
  return (
    <>
      <PageHeader title="Add New Component" subtitle="Submit a new component to the database" />
      <Alert.Root status="warning" mb="6" borderWidth="1px" borderColor="yellow.300" bg="yellow.50" color="yellow.900">
        <Alert.Indicator color="yellow.700" />
        <Alert.Content>
          <Alert.Description>
            New components are submitted for review and must be approved by an administrator before they are added to
            the database. Only Reference and Class are required.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {user ? (
        <ComponentForm key={user.id} draftKey={draftKey(user.id)} username={user.username || user.email} />
      ) : (
        <PageSpinner />
      )}
    </>
  );
};

export default AddComponentRoute;
