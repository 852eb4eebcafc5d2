import { Button, IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { Spacer } from '@chakra-ui/react/spacer';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { LogOut, Menu as MenuIcon, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { paths } from '#shared/app-paths';
import { logout, type User } from '#web/lib/auth.tsx';

interface TopBarProps {
  user: User;
  onOpenMenu: () => void;
}

/** The bar above every hub page: mobile menu, notifications, settings menu and logout. */
export const TopBar = ({ user, onOpenMenu }: TopBarProps) => {
  const navigate = useNavigate();
  const settingsLinks = [
    { label: 'Profile Settings', href: paths.hub.settings.href() },
    ...(user.role === 'admin' ? [{ label: 'User Management', href: paths.hub.settings.href('users') }] : []),
    { label: 'Notification Settings', href: paths.hub.settings.href('notifications') },
    { label: 'Security Settings', href: paths.hub.settings.href('security') },
    // For people who script against the hub with an access token.
    { label: 'API Reference', href: paths.hub.apiReference.href() },
    { label: 'Welcome & Tools', href: paths.landing.href() },
  ];

  return (
    <Flex
      as="header"
      align="center"
      gap="1"
      px={{ base: '2', md: '6' }}
      height="14"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <IconButton
        aria-label="Open menu"
        variant="ghost"
        size="sm"
        display={{ base: 'inline-flex', md: 'none' }}
        onClick={onOpenMenu}
      >
        <MenuIcon />
      </IconButton>
      {/* At 320 px the name and four buttons only just fit: the name gives way (ellipsis), never the page. */}
      <Text fontWeight="bold" color="blue.800" truncate minWidth="0" display={{ base: 'block', md: 'none' }}>
        Component Hub
      </Text>
      <Spacer />
      <NotificationBell />
      <Menu.Root onSelect={(details) => void navigate(details.value)} positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton aria-label="Settings menu" variant="ghost" size="sm">
            <Settings />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minWidth="52">
              {settingsLinks.map(({ label, href }) => (
                <Menu.Item key={href} value={href}>
                  {label}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Button variant="ghost" size="sm" px={{ base: '2', sm: '3' }} aria-label="Logout" onClick={() => void logout()}>
        <LogOut aria-hidden />
        <chakra.span display={{ base: 'none', sm: 'inline' }}>Logout</chakra.span>
      </Button>
    </Flex>
  );
};
