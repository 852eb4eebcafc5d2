import { IconButton } from '@chakra-ui/react/button';
import { Popover } from '@chakra-ui/react/popover';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { Bell } from 'lucide-react';

/** The top bar's bell; the notifications themselves arrive with the notifications change. */
export const NotificationBell = () => (
  <Popover.Root positioning={{ placement: 'bottom-end' }}>
    <Popover.Trigger asChild>
      <IconButton aria-label="Notifications" variant="ghost" size="sm">
        <Bell />
      </IconButton>
    </Popover.Trigger>
    <Portal>
      <Popover.Positioner>
        <Popover.Content width="xs">
          <Popover.Header>
            <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
          </Popover.Header>
          <Popover.Body>
            <Text color="fg.muted">No notifications</Text>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Portal>
  </Popover.Root>
);
