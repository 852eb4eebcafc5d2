import { Stack } from '@chakra-ui/react/stack';
import { Tabs } from '@chakra-ui/react/tabs';
import { LineTabs, RowTab } from '#web/components/ui/tabs-row.tsx';
import type { ReactNode } from 'react';
import { PageHeader } from '#web/components/ui/page.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { ScrollingTabsList } from '#web/components/ui/scrolling-tabs-list.tsx';
import { useUser } from '#web/lib/auth.tsx';
import { useHashTab } from '#web/lib/hash-tab.ts';
import { AccessTokens } from '../components/access-tokens';
import { ActiveSessions } from '../components/active-sessions';
import { ChangePasswordForm } from '../components/change-password-form';
import { DangerZone } from '../components/danger-zone';
import { FirstPasswordForm } from '../components/first-password-form';
import { ProfileForm } from '../components/profile-form';
import { SecondFactorSettings } from '../components/second-factor';

type Tab = 'profile' | 'security' | 'notifications' | 'users';

/** The tabs an anchor can open: #security, #notifications and (for admins) #users; anything else is the profile. */
const tabsFor = (isAdmin: boolean): [Tab, ...Tab[]] =>
  isAdmin ? ['profile', 'security', 'notifications', 'users'] : ['profile', 'security', 'notifications'];

/**
 * /component-hub/settings. The Notifications and User Management tabs'
 * contents come from the notifications and users features, which the app's route composes in.
 */
export const SettingsRoute = ({
  userManagement,
  notifications,
}: {
  userManagement: ReactNode;
  notifications?: ReactNode;
}) => {
  const { user } = useUser();
  const isAdmin = user?.role === 'admin';
  const [tab, chooseTab] = useHashTab(tabsFor(isAdmin));
  if (!user) return <PageSpinner />;

  return (
    <Stack gap="0">
      <PageHeader title="Settings" subtitle="Manage your profile, password and account" />
      <LineTabs value={tab} onTabChange={chooseTab} lazyMount>
        <ScrollingTabsList>
          <RowTab value="profile">Profile</RowTab>
          <RowTab value="security">Security</RowTab>
          <RowTab value="notifications">Notifications</RowTab>
          {isAdmin && <RowTab value="users">User Management</RowTab>}
        </ScrollingTabsList>
        <Tabs.Content value="profile">
          <Stack gap="6">
            <ProfileForm key={user.id} user={user} />
            <DangerZone />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="security">
          <Stack gap="6">
            {user.noPassword ? <FirstPasswordForm /> : <ChangePasswordForm />}
            <SecondFactorSettings />
            <ActiveSessions />
            <AccessTokens />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="notifications">{notifications}</Tabs.Content>
        {isAdmin && <Tabs.Content value="users">{userManagement}</Tabs.Content>}
      </LineTabs>
    </Stack>
  );
};
