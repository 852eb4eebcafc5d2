import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { IconButton } from '@chakra-ui/react/button';
import { Popover } from '@chakra-ui/react/popover';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { chakra } from '@chakra-ui/react/styled-system';
import { PanelLeftClose, PanelLeftOpen, Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { paths } from '#shared/app-paths';
import { hasRole, type User } from '#web/lib/auth.tsx';
import { navItems } from './nav-items';
import { QuickSearch } from './quick-search';

const StyledNavLink = chakra(NavLink);

interface SidebarContentProps {
  user: User | null | undefined;
  /** Icons only (the desktop sidebar folded); labels stay for screen readers. */
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
}

/** The folded sidebar's search: an icon that opens the search box beside it, its text field focused. */
const CollapsedQuickSearch = () => {
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Popover.Root
      initialFocusEl={() => inputRef.current}
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'right-start', gutter: 12 }}
    >
      <Popover.Trigger asChild>
        <IconButton aria-label="Search components" variant="ghost" size="sm">
          <Search />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Body p="3">
              <QuickSearch inputRef={inputRef} onSearched={() => setOpen(false)} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
};

/** Who is logged in, as the sidebar's footer shows it. */
export const sidebarFooterText = (user: User | null | undefined) =>
  user ? { name: user.username || user.email, role: user.role } : { name: 'Guest', role: undefined };

/** The sidebar's links, quick search and footer; used by the desktop sidebar and the mobile drawer. */
export const SidebarContent = ({ user, collapsed = false, onToggleCollapsed }: SidebarContentProps) => {
  const footer = sidebarFooterText(user);
  const items = navItems.filter((item) => !item.role || (user && hasRole(user, item.role)));

  return (
    <Flex direction="column" height="full" gap="4" py="4">
      <Flex align="center" justify={collapsed ? 'center' : 'space-between'} px={collapsed ? '2' : '4'} gap="2">
        {!collapsed && (
          <StyledNavLink to={paths.hub.dashboard.href()} fontWeight="bold" fontSize="lg" color="blue.800">
            Component Hub
          </StyledNavLink>
        )}
        {onToggleCollapsed && (
          <IconButton
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            variant="ghost"
            size="sm"
            onClick={onToggleCollapsed}
          >
            {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
          </IconButton>
        )}
      </Flex>

      {collapsed ? (
        <Flex justify="center" px="2">
          <CollapsedQuickSearch />
        </Flex>
      ) : (
        <Box px="4">
          <QuickSearch />
        </Box>
      )}

      <Box as="nav" aria-label="Main" flex="1" overflowY="auto" px="2">
        <Stack as="ul" gap="1" listStyleType="none">
          {items.map(({ label, href, icon: Icon, end }) => (
            <li key={href}>
              <StyledNavLink
                to={href}
                end={end}
                title={collapsed ? label : undefined}
                display="flex"
                alignItems="center"
                justifyContent={collapsed ? 'center' : 'flex-start'}
                gap="3"
                px="3"
                py="2"
                borderRadius="md"
                fontSize="sm"
                fontWeight="medium"
                color="fg"
                _hover={{ bg: 'gray.100' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600' }}
                css={{ '&[aria-current=page]': { bg: 'blue.50', color: 'blue.800', fontWeight: 'semibold' } }}
              >
                <Icon size={18} aria-hidden />
                {collapsed ? <chakra.span srOnly>{label}</chakra.span> : label}
              </StyledNavLink>
            </li>
          ))}
        </Stack>
      </Box>

      <Box borderTopWidth="1px" pt="3" px={collapsed ? '2' : '4'} textAlign={collapsed ? 'center' : 'start'}>
        <Text fontSize="sm" fontWeight="semibold" truncate title={footer.name} srOnly={collapsed}>
          {footer.name}
        </Text>
        {footer.role && (
          <Text fontSize="xs" color="fg.muted" textTransform="capitalize" srOnly={collapsed}>
            {footer.role}
          </Text>
        )}
      </Box>
    </Flex>
  );
};
