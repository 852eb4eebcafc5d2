import { BeingBuilt } from '../../../components/ui/page';

/** /component-hub/admin (built by the user administration and images changes). */
export const AdminDashboardRoute = () => <BeingBuilt title="Admin Dashboard" />;

export default AdminDashboardRoute;
