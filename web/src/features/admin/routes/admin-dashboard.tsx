import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Tabs } from '@chakra-ui/react/tabs';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { PageHeader, Panel } from '../../../components/ui/page';

interface AdminDashboardProps {
  /** The Overview tab's cards. */
  overview: ReactNode;
  /** The User Management tab. */
  userManagement: ReactNode;
}

/**
 * /component-hub/admin (spec §2 "Admin dashboard"): the tabs and their layout. Their content
 * comes from other features, which the app's route composes in.
 */
export const AdminDashboardRoute = ({ overview, userManagement }: AdminDashboardProps) => (
  <Stack gap="0">
    <PageHeader title="Admin Dashboard" subtitle="Manage users and component images" />
    <Tabs.Root defaultValue="overview" variant="line" colorPalette="blue" size={{ base: 'sm', md: 'md' }} lazyMount>
      <Tabs.List overflowX="auto">
        <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="overview">Overview</Tabs.Trigger>
        <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="images">Image Management</Tabs.Trigger>
        <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="users">User Management</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="overview">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {overview}
        </SimpleGrid>
      </Tabs.Content>
      <Tabs.Content value="images">
        <Panel>
          <Text>The Image Management screen is being built.</Text>
        </Panel>
      </Tabs.Content>
      <Tabs.Content value="users">{userManagement}</Tabs.Content>
    </Tabs.Root>
  </Stack>
);
