import { AdminDashboardRoute } from '../../features/admin/routes/admin-dashboard';
import { AdminUserManagement } from '../../features/users/components/admin-user-management';
import { TotalUsersCard } from '../../features/users/components/total-users-card';

/** The admin dashboard with the users feature's card and tab (the image cards and tab are the admin feature's own). */
const AdminDashboard = () => (
  <AdminDashboardRoute overview={<TotalUsersCard />} userManagement={<AdminUserManagement />} />
);

export default AdminDashboard;
