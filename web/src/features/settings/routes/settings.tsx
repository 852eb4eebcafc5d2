import { Stack } from '@chakra-ui/react/stack';
import { Tabs } from '@chakra-ui/react/tabs';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useUser } from '../../../lib/auth';
import { ChangePasswordForm } from '../components/change-password-form';
import { DangerZone } from '../components/danger-zone';
import { ProfileForm } from '../components/profile-form';

type Tab = 'profile' | 'security' | 'notifications' | 'users';

/** The tab an anchor opens: #security, #notifications and (for admins) #users have tabs; anything else is the profile. */
export const tabForHash = (hash: string, isAdmin: boolean): Tab => {
  const anchor = hash.replace(/^#/, '');
  if (anchor === 'security') return 'security';
  if (anchor === 'notifications') return 'notifications';
  if (anchor === 'users' && isAdmin) return 'users';
  return 'profile';
};

const hashForTab: Record<Tab, string> = {
  profile: '',
  security: '#security',
  notifications: '#notifications',
  users: '#users',
};

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
  const location = useLocation();
  const navigate = useNavigate();
  if (!user) return <PageSpinner />;
  const isAdmin = user.role === 'admin';
  const tab = tabForHash(location.hash, isAdmin);

  return (
    <Stack gap="0">
      <PageHeader title="Settings" subtitle="Manage your profile, password and account" />
      <Tabs.Root
        value={tab}
        onValueChange={(details) => void navigate({ hash: hashForTab[details.value as Tab] }, { replace: true })}
        variant="line"
        colorPalette="blue"
        lazyMount
      >
        <Tabs.List overflowX="auto">
          <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="profile">
            Profile
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="security">
            Security
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="notifications">
            Notifications
          </Tabs.Trigger>
          {isAdmin && (
            <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} value="users">
              User Management
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="profile">
          <Stack gap="6">
            <ProfileForm key={user.id} user={user} />
            <DangerZone />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="security">
          <ChangePasswordForm />
        </Tabs.Content>
        <Tabs.Content value="notifications">{notifications}</Tabs.Content>
        {isAdmin && <Tabs.Content value="users">{userManagement}</Tabs.Content>}
      </Tabs.Root>
    </Stack>
  );
};
