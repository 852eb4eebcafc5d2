import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Tabs } from '@chakra-ui/react/tabs';
import type { ReactNode } from 'react';
import { PageHeader } from '#web/components/ui/page.tsx';
import { TabsRow } from '#web/components/ui/tabs-row.tsx';
import { useHashTab } from '#web/lib/hash-tab.ts';
import { ImageManagement } from '../components/image-management';
import { ImageCoverageChart, ImageOverviewCards } from '../components/image-overview';
import type { AdminAnchor } from '#shared/app-paths';
import { ClassList } from '../components/class-list';
import { UnreadValues } from '../components/unread-values';
import { DataBatchPanel } from '../components/data-batch';
import { ClassProtectedFieldsPanel } from '../components/class-protected-fields';

/** The tabs, in order; #images, #data, #classes and #users open the later ones. */
const ADMIN_TABS = ['overview', 'images', 'data', 'classes', 'users'] as const satisfies readonly [
  string,
  ...AdminAnchor[],
];

/** The tabs about the catalogue alone, for a librarian. */
const CATALOGUE_TABS = ['overview', 'images', 'data', 'classes'] as const satisfies readonly [string, ...AdminAnchor[]];

interface AdminDashboardProps {
  /** The Overview tab's cards from other features (the image cards are this feature's own). */
  overview?: ReactNode;
  /** The User Management tab; without it (a librarian's view) the tab is not offered. */
  userManagement?: ReactNode;
}

/**
 * /component-hub/admin: the tabs and their layout. The image cards,
 * chart and the Image Management tab are this feature's; the users' card and tab come from the
 * users feature, which the app's route composes in.
 */
export const AdminDashboardRoute = ({ overview, userManagement }: AdminDashboardProps) => {
  const [tab, chooseTab] = useHashTab(userManagement ? ADMIN_TABS : CATALOGUE_TABS);
  return (
    <Stack gap="0">
      <PageHeader title="Admin Dashboard" subtitle="Manage users and component images" />
      <Tabs.Root
        value={tab}
        onValueChange={(details) => chooseTab(details.value)}
        variant="line"
        colorPalette="blue"
        size={{ base: 'sm', md: 'md' }}
        lazyMount
      >
        <TabsRow>
          <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="overview">
            Overview
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="images">
            Image Management
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="data">
            Catalogue Data
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="classes">
            Classes
          </Tabs.Trigger>
          {userManagement && (
            <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="users">
              User Management
            </Tabs.Trigger>
          )}
        </TabsRow>
        <Tabs.Content value="overview">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
              {overview}
              <ImageOverviewCards />
            </SimpleGrid>
            <ImageCoverageChart />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="images">
          <ImageManagement />
        </Tabs.Content>
        <Tabs.Content value="data">
          <Stack gap="6">
            <DataBatchPanel />
            <ClassProtectedFieldsPanel />
            <UnreadValues />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="classes">
          <ClassList />
        </Tabs.Content>
        {userManagement && <Tabs.Content value="users">{userManagement}</Tabs.Content>}
      </Tabs.Root>
    </Stack>
  );
};
