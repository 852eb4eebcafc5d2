import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { PageHeader } from '#web/components/ui/page.tsx';
import { PendingRequests } from '../components/pending-requests';
import { RecentComponents } from '../components/recent-components';
import { SearchCard } from '../components/search-card';
import { LifecycleCounts } from '../components/lifecycle-counts';
import { SummaryCards } from '../components/summary-cards';
import { YourDrafts } from '../components/your-drafts';

/** /component-hub. */
export const DashboardRoute = () => (
  <Stack gap="0">
    <PageHeader title="Component Database" subtitle="Search, filter and manage electrical components" />
    <Stack gap="6">
      <SearchCard />
      <SummaryCards />
      <LifecycleCounts />
      <YourDrafts />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <RecentComponents />
        <PendingRequests />
      </SimpleGrid>
    </Stack>
  </Stack>
);

export default DashboardRoute;
