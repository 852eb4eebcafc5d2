import { BeingBuilt } from '../../../components/ui/page';

/** /component-hub/add-component (built by the new-components change). */
export const AddComponentRoute = () => <BeingBuilt title="Add New Component" subtitle="Submit a new component to the database" />;

export default AddComponentRoute;
