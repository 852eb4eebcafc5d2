import { AdminDashboardRoute } from '#web/features/admin/routes/admin-dashboard.tsx';
import { AdminUserManagement } from '#web/features/users/components/admin-user-management.tsx';
import { TotalUsersCard } from '#web/features/users/components/total-users-card.tsx';

/** The admin dashboard with the users feature's card and tab (the image cards and tab are the admin feature's own). */
const AdminDashboard = () => (
  <AdminDashboardRoute overview={<TotalUsersCard />} userManagement={<AdminUserManagement />} />
);

export default AdminDashboard;
