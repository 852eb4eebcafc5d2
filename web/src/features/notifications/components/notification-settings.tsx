import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Switch } from '@chakra-ui/react/switch';
import { Text } from '@chakra-ui/react/text';
import {
  notificationSettingKinds,
  notificationSettingLabels,
  type NotificationSettingKind,
} from '#shared/schemas/notifications';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { isReviewing, useUser } from '#web/lib/auth.tsx';
import { updateNotificationSettings, useNotificationSettings } from '../api/notification-settings';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

const channels = [
  { channel: 'email', title: 'Email', intro: 'Emails sent to your account address.' },
  { channel: 'app', title: 'In the app', intro: 'Notifications in the bell at the top of every page.' },
] as const;

/**
 * Settings → Notifications (#notifications): each email kind and each in-app kind on or off for
 * the signed-in user, saved as it is switched. The kinds about requests waiting for review are
 * an administrator's only.
 */
export const NotificationSettingsPanel = () => {
  const { user } = useUser();
  const { settings, error, mutate } = useNotificationSettings();
  const isAdmin = isReviewing(user);
  const kinds = notificationSettingKinds.filter((kind) => isAdmin || !notificationSettingLabels[kind].adminOnly);

  const change = async (kind: NotificationSettingKind, on: boolean) => {
    if (!settings) return;
    await mutate({ ...settings, [kind]: on }, { revalidate: false });
    try {
      await mutate(await updateNotificationSettings({ [kind]: on }), { revalidate: false });
      notify({
        type: 'success',
        title: 'Notification settings saved',
        description: `${notificationSettingLabels[kind].label} (${notificationSettingLabels[kind].channel === 'email' ? 'email' : 'in the app'}): ${on ? 'on' : 'off'}.`,
      });
    } catch (failure) {
      await mutate();
      notify({
        type: 'error',
        title: 'Failed to update notification settings',
        description: errorMessage(failure, 'Failed to update notification settings'),
      });
    }
  };

  if (error && !settings) return <InlineAlert status="error" title="Failed to load notification settings" />;

  return (
    <Stack gap="6">
      {channels.map(({ channel, title, intro }) => (
        <Panel as="section" key={channel} aria-labelledby={`notification-settings-${channel}`}>
          <Heading as="h2" size="md" id={`notification-settings-${channel}`}>
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm" mb="4">
            {intro}
          </Text>
          <Stack gap="4">
            {kinds
              .filter((kind) => notificationSettingLabels[kind].channel === channel)
              .map((kind) =>
                settings ? (
                  <Switch.Root
                    key={kind}
                    checked={settings[kind]}
                    onCheckedChange={(details) => void change(kind, details.checked)}
                    colorPalette="blue"
                    alignItems="flex-start"
                    gap="3"
                  >
                    <Switch.HiddenInput />
                    <Switch.Control mt="0.5" />
                    <Stack gap="0">
                      <Switch.Label fontWeight="medium">{notificationSettingLabels[kind].label}</Switch.Label>
                      <Text fontSize="sm" color="fg.muted">
                        {notificationSettingLabels[kind].help}
                      </Text>
                    </Stack>
                  </Switch.Root>
                ) : (
                  <Skeleton key={kind} height="10" />
                ),
              )}
          </Stack>
        </Panel>
      ))}
    </Stack>
  );
};
