import { NotificationSettingsPanel } from '#web/features/notifications/components/notification-settings.tsx';
import { SettingsRoute } from '#web/features/settings/routes/settings.tsx';
import { SettingsUserManagement } from '#web/features/users/components/settings-user-management.tsx';

/** The settings page with the notifications feature in its Notifications tab and the users feature in User Management. */
const Settings = () => (
  <SettingsRoute userManagement={<SettingsUserManagement />} notifications={<NotificationSettingsPanel />} />
);

export default Settings;
