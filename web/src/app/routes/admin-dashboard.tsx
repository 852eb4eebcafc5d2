import { useUser } from '#web/lib/auth.tsx';
import { AdminDashboardRoute } from '#web/features/admin/routes/admin-dashboard.tsx';
import { AdminUserManagement } from '#web/features/users/components/admin-user-management.tsx';
import { TotalUsersCard } from '#web/features/users/components/total-users-card.tsx';

/**
 * The admin dashboard with the users feature's card and tab (the image cards and tab are the
 * admin feature's own). A librarian sees the catalogue's tabs without the people's.
 */
const AdminDashboard = () => {
  const { user } = useUser();
  return user?.role === 'admin' ? (
    <AdminDashboardRoute overview={<TotalUsersCard />} userManagement={<AdminUserManagement />} />
  ) : (
    <AdminDashboardRoute />
  );
};

export default AdminDashboard;
