import { SettingsRoute } from '../../features/settings/routes/settings';
import { SettingsUserManagement } from '../../features/users/components/settings-user-management';

/** The settings page with the users feature in its User Management tab. */
const Settings = () => <SettingsRoute userManagement={<SettingsUserManagement />} />;

export default Settings;
