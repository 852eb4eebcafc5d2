import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Float } from '@chakra-ui/react/float';
import { Popover } from '@chakra-ui/react/popover';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { Bell, CircleCheck, CircleX, Info, TriangleAlert, Trash2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '#shared/schemas/approvals';
import { APP_BASE } from '#shared/app-paths';
import { useUser } from '#web/lib/auth.tsx';
import { useNotifications, useRefreshOnNews } from '../api/get-notifications';
import { deleteNotification, markAllNotificationsRead, markNotificationRead } from '../api/update-notification';
import { formatDateTime } from '#web/lib/dates.ts';

type Kind = Notification['type'];

/** Success, error and warning have their own look; anything else is shown as info. */
export const notificationKind = (type: string): Kind =>
  type === 'success' || type === 'error' || type === 'warning' ? type : 'info';

const kinds: Record<Kind, { icon: LucideIcon; color: string; label: string }> = {
  success: { icon: CircleCheck, color: 'green.600', label: 'Success' },
  error: { icon: CircleX, color: 'red.600', label: 'Error' },
  warning: { icon: TriangleAlert, color: 'orange.600', label: 'Warning' },
  info: { icon: Info, color: 'blue.600', label: 'Info' },
};

/** The app route a notification points at; only paths inside the app are followed. */
export const notificationRoute = (linkTo: string | null | undefined): string | undefined => {
  if (!linkTo?.startsWith('/') || linkTo.startsWith('//')) return undefined;
  return linkTo === APP_BASE || linkTo.startsWith(`${APP_BASE}/`) ? linkTo.slice(APP_BASE.length) || '/' : linkTo;
};

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** '5 minutes ago', 'yesterday'; older than a week, the local date and time. */
export const notificationTime = (iso: string, now = Date.now()): string => {
  const at = new Date(iso);
  const seconds = Math.round((at.getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 60) return relative.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return relative.format(days, 'day');
  return formatDateTime(at);
};

/** What became of the request a notice asked about. */
const decisionTexts: Record<NonNullable<Notification['decision']>, string> = {
  approved: 'Decided: approved',
  rejected: 'Decided: rejected',
  withdrawn: 'Withdrawn by its submitter',
};

interface ItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
}

const NotificationItem = ({ notification, onOpen, onDelete }: ItemProps) => {
  const kind = kinds[notificationKind(notification.type)];
  const Icon = kind.icon;
  return (
    <HStack
      as="li"
      align="flex-start"
      gap="1"
      px="2"
      py="2"
      borderRadius="md"
      bg={notification.read ? undefined : 'blue.50'}
      data-read={notification.read}
    >
      <chakra.button
        type="button"
        flex="1"
        minWidth="0"
        display="flex"
        alignItems="flex-start"
        gap="2"
        textAlign="start"
        borderRadius="sm"
        cursor="pointer"
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
        onClick={() => onOpen(notification)}
      >
        <Box color={kind.color} mt="0.5" flexShrink={0} aria-label={kind.label} role="img">
          <Icon size={18} aria-hidden />
        </Box>
        <Stack gap="0.5" minWidth="0">
          <Text fontSize="sm" fontWeight={notification.read ? 'medium' : 'bold'} overflowWrap="anywhere">
            {notification.title}
            {!notification.read && <chakra.span srOnly> (unread)</chakra.span>}
          </Text>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {notification.message}
          </Text>
          {notification.decision && (
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted" data-testid="notice-decision">
              {decisionTexts[notification.decision]}
            </Text>
          )}
          <Text fontSize="xs" color="fg.muted">
            <time dateTime={notification.createdAt}>{notificationTime(notification.createdAt)}</time>
          </Text>
        </Stack>
      </chakra.button>
      <IconButton
        aria-label={`Delete notification: ${notification.title}`}
        variant="ghost"
        size="xs"
        flexShrink={0}
        onClick={() => onDelete(notification)}
      >
        <Trash2 />
      </IconButton>
    </HStack>
  );
};

/**
 * The top bar's bell: the unread count, polled every 30 s; a click marks a
 * notification read and follows its link; each can be deleted; 'Mark all as read' clears the
 * count. A notice about a request decided since says so and is no longer unread.
 */
export const NotificationBell = () => {
  const { user } = useUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { notifications, error, mutate } = useNotifications(user?.username);
  useRefreshOnNews(notifications);
  const unread = notifications?.filter((notification) => !notification.read).length ?? 0;

  const update = (change: (list: Notification[]) => Notification[]) =>
    mutate((list) => (list ? change(list) : list), { revalidate: false });

  const openNotification = async (notification: Notification) => {
    setOpen(false);
    const route = notificationRoute(notification.linkTo);
    if (route) void navigate(route);
    if (notification.read) return;
    await update((list) => list.map((item) => (item.id === notification.id ? { ...item, read: true } : item)));
    // A failure leaves it unread: the list is read again from the server.
    await markNotificationRead(notification.id).catch(() => mutate());
  };

  const markAll = async () => {
    await update((list) => list.map((item) => ({ ...item, read: true })));
    // Whatever happened, the list is read again: a failure shows the notices still unread.
    await markAllNotificationsRead()
      .catch(() => undefined)
      .finally(() => void mutate());
  };

  const remove = async (notification: Notification) => {
    await update((list) => list.filter((item) => item.id !== notification.id));
    await deleteNotification(notification.id).catch(() => mutate());
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <IconButton
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          variant="ghost"
          size="sm"
          position="relative"
        >
          <Bell />
          {unread > 0 && (
            <Float placement="top-end" offset="2">
              <Box
                as="span"
                aria-hidden
                data-testid="unread-count"
                minWidth="4"
                height="4"
                px="1"
                borderRadius="full"
                bg="red.600"
                color="white"
                fontSize="2xs"
                fontWeight="bold"
                lineHeight="1"
                display="flex"
                alignItems="center"
                justifyContent="center"
              >
                {unread > 99 ? '99+' : unread}
              </Box>
            </Float>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: 'calc(100vw - 1rem)', sm: 'sm' }} maxWidth="sm">
            <Popover.Header borderBottomWidth="1px" pb="3">
              <HStack justify="space-between">
                <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
                {unread > 0 && (
                  <HStack gap="2">
                    <Text fontSize="sm" color="fg.muted">
                      {unread} unread
                    </Text>
                    <Button size="xs" variant="outline" onClick={() => void markAll()}>
                      Mark all as read
                    </Button>
                  </HStack>
                )}
              </HStack>
            </Popover.Header>
            <Popover.Body px="2" py="2" maxHeight="min(28rem, 70vh)" overflowY="auto">
              {error && !notifications ? (
                <Text color="fg.error" px="2" py="1">
                  Failed to fetch notifications
                </Text>
              ) : notifications && notifications.length > 0 ? (
                <Stack as="ul" gap="1" listStyleType="none" aria-label="Notifications">
                  {notifications.map((notification) => (
                    <NotificationItem
                      key={notification.id}
                      notification={notification}
                      onOpen={(n) => void openNotification(n)}
                      onDelete={(n) => void remove(n)}
                    />
                  ))}
                </Stack>
              ) : (
                <Text color="fg.muted" px="2" py="1">
                  {notifications ? 'No notifications' : 'Loading notifications...'}
                </Text>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
};
