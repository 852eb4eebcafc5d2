import { Users } from 'lucide-react';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { useUsers } from '../api/get-users';
import { isActive } from './user-display';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The admin overview's 'Total Users' card: the people who can sign in, with how many of them are
 * administrators; invitations not yet accepted are counted apart, since those people cannot act yet.
 */
export const TotalUsersCard = () => {
  const { users, error } = useUsers();
  const active = users?.filter(isActive) ?? [];
  const pending = users?.filter((user) => !isActive(user)) ?? [];
  const admins = active.filter((user) => user.role === 'admin').length;
  const pendingAdmins = pending.filter((user) => user.role === 'admin').length;
  const help = users ? (
    <>
      {counted(admins, 'active admin', 'active admins')}
      {pending.length > 0 && (
        <>
          <br />
          {counted(pending.length, 'invitation pending', 'invitations pending')}
          {pendingAdmins > 0 ? ` (${counted(pendingAdmins, 'admin', 'admins')})` : ''}
        </>
      )}
    </>
  ) : error ? (
    'Failed to load users'
  ) : undefined;
  return (
    <StatCard
      label="Total Users"
      icon={<Users size={18} aria-hidden />}
      value={users ? active.length : error ? '–' : undefined}
      help={help}
    />
  );
};
