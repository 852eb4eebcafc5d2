import { NotificationSettingsPanel } from '../../features/notifications/components/notification-settings';
import { SettingsRoute } from '../../features/settings/routes/settings';
import { SettingsUserManagement } from '../../features/users/components/settings-user-management';

/** The settings page with the notifications feature in its Notifications tab and the users feature in User Management. */
const Settings = () => (
  <SettingsRoute userManagement={<SettingsUserManagement />} notifications={<NotificationSettingsPanel />} />
);

export default Settings;
