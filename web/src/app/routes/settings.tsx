import { NotificationSettingsPanel } from '#web/features/notifications/components/notification-settings.tsx';
import { SettingsRoute } from '#web/features/settings/routes/settings.tsx';
import { WatchList } from '#web/features/watches/components/watch-list.tsx';
import { SettingsUserManagement } from '#web/features/users/components/settings-user-management.tsx';

/**
 * The settings page with the notifications feature in its Notifications tab (and beneath it what
 * one watches) and the users feature in User Management.
 */
const Settings = () => (
  <SettingsRoute
    userManagement={<SettingsUserManagement />}
    notifications={
      <>
        <NotificationSettingsPanel />
        <WatchList />
      </>
    }
  />
);

export default Settings;
