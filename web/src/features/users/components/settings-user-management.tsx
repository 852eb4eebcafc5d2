import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Panel } from '#web/components/ui/page.tsx';
import { InviteUserForm } from './invite-user-form';
import { UsersTable } from './users-table';

/** The settings page's User Management tab: the invite form and 'Active Users'. */
export const SettingsUserManagement = () => (
  <Stack gap="6">
    <Panel>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            Invite User
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            The colleague receives an email with a link to choose a username and password.
          </Text>
        </Stack>
        <InviteUserForm />
      </Stack>
    </Panel>
    <Panel>
      <Stack gap="4">
        <Heading as="h2" size="lg">
          Active Users
        </Heading>
        <UsersTable view="settings" caption="Active Users" />
      </Stack>
    </Panel>
  </Stack>
);
