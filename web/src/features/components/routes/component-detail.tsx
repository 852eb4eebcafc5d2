import { useParams } from 'react-router';
import { BeingBuilt } from '../../../components/ui/page';

/** /component-hub/components/{id} (built by the component detail change). */
export const ComponentDetailRoute = () => {
  const { id } = useParams();
  return <BeingBuilt title={`Component ${id ?? ''}`} screen="component detail" />;
};

export default ComponentDetailRoute;
