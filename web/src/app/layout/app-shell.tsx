import { Box } from '@chakra-ui/react/box';
import { CloseButton } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Flex } from '@chakra-ui/react/flex';
import { Portal } from '@chakra-ui/react/portal';
import { SkipNavContent, SkipNavLink } from '@chakra-ui/react/skip-nav';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { useUser } from '#web/lib/auth.tsx';
import { SidebarContent } from './sidebar';
import { TopBar } from './top-bar';

const COLLAPSED_KEY = 'sidebarCollapsed';

const readCollapsed = () => {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
};

/** The layout of every /component-hub page: sidebar (a drawer under 768 px), top bar, page. */
export const AppShell = () => {
  const { user } = useUser();
  const { key: locationKey } = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Every navigation closes the drawer, one to the page already shown too (a quick search from the list).
  useEffect(() => setDrawerOpen(false), [locationKey]);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, String(!value));
      } catch {
        // Private browsing may refuse storage; the sidebar still folds for this visit.
      }
      return !value;
    });
  };

  if (!user) return <PageSpinner />;

  return (
    <Flex minHeight="100dvh">
      <SkipNavLink>Skip to content</SkipNavLink>
      <Box
        as="aside"
        aria-label="Sidebar"
        display={{ base: 'none', md: 'block' }}
        width={collapsed ? '16' : '64'}
        flexShrink={0}
        bg="bg"
        borderRightWidth="1px"
        position="sticky"
        top="0"
        height="100dvh"
        transition="width 0.2s"
      >
        <SidebarContent user={user} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
      </Box>

      <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxWidth="72">
              <Drawer.Title srOnly>Menu</Drawer.Title>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" position="absolute" top="3" insetEnd="3" />
              </Drawer.CloseTrigger>
              <SidebarContent user={user} />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Flex direction="column" flex="1" minWidth="0">
        <TopBar user={user} onOpenMenu={() => setDrawerOpen(true)} />
        <SkipNavContent />
        <Box
          as="main"
          flex="1"
          px={{ base: '4', md: '8' }}
          py={{ base: '6', md: '8' }}
          maxWidth="7xl"
          width="full"
          mx="auto"
        >
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
};

export default AppShell;
