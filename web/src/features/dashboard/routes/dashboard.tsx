import { BeingBuilt } from '../../../components/ui/page';

/** /component-hub: the dashboard (built by the catalogue change). */
export const DashboardRoute = () => <BeingBuilt title="Component Database" subtitle="Search, filter and manage electrical components" screen="dashboard" />;

export default DashboardRoute;
