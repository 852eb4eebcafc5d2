import { Users } from 'lucide-react';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { useUsers } from '../api/get-users';

/** The admin overview's 'Total Users' card, with how many are administrators. */
export const TotalUsersCard = () => {
  const { users, error } = useUsers();
  const admins = users?.filter((user) => user.role === 'admin').length ?? 0;
  return (
    <StatCard
      label="Total Users"
      icon={<Users size={18} aria-hidden />}
      value={users?.length ?? (error ? '–' : undefined)}
      help={users ? `${admins} ${admins === 1 ? 'admin' : 'admins'}` : error ? 'Failed to load users' : undefined}
    />
  );
};
