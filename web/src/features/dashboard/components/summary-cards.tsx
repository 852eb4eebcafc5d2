import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Clock, Database, Factory, FileText } from 'lucide-react';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { useCatalogueStats } from '../api/get-catalogue-stats';

/**
 * Dashboard: the four summary cards. A failed load shows a dash rather than a skeleton
 * for ever. Pending Approvals counts what the list beside it shows: a user's own requests, or
 * every request for an administrator, and says which.
 */
export const SummaryCards = () => {
  const { stats, error } = useCatalogueStats();
  const figure = (value: number | undefined) => (error ? '—' : value?.toLocaleString());
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      <StatCard
        label="Total Components"
        value={figure(stats?.totalComponents)}
        icon={<Database size={18} aria-hidden />}
      />
      <StatCard
        label="With Datasheets"
        value={figure(stats?.withDatasheets)}
        icon={<FileText size={18} aria-hidden />}
      />
      <StatCard label="Manufacturers" value={figure(stats?.manufacturers)} icon={<Factory size={18} aria-hidden />} />
      <StatCard
        label="Pending Approvals"
        value={figure(stats?.pendingApprovals)}
        help={stats && (stats.pendingApprovalsScope === 'own' ? 'Your requests' : 'All requests')}
        icon={<Clock size={18} aria-hidden />}
      />
    </SimpleGrid>
  );
};
