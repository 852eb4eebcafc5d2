import { BeingBuilt } from '../../../components/ui/page';

/** /component-hub/components: the component list (built by the catalogue change). */
export const ComponentListRoute = () => <BeingBuilt title="Component Database" subtitle="Search, filter and manage electrical components" screen="component list" />;

export default ComponentListRoute;
