import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Mail, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Panel } from '#web/components/ui/page.tsx';
import { AddUserDialog } from './add-user-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { UsersTable } from './users-table';

/** The admin dashboard's User Management tab: invite, add, and the users table. */
export const AdminUserManagement = () => {
  const [open, setOpen] = useState<'invite' | 'add' | null>(null);
  const close = () => setOpen(null);
  return (
    <Panel>
      <Stack gap="4">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
          <Heading as="h2" size="lg">
            Users
          </Heading>
          <Stack direction="row" gap="2" wrap="wrap">
            <Button variant="outline" size="sm" onClick={() => setOpen('invite')}>
              <Mail aria-hidden />
              Invite User
            </Button>
            <Button colorPalette="blue" size="sm" onClick={() => setOpen('add')}>
              <UserPlus aria-hidden />
              Add User
            </Button>
          </Stack>
        </Stack>
        <UsersTable view="admin" caption="Users" />
      </Stack>
      <InviteUserDialog open={open === 'invite'} onClose={close} />
      <AddUserDialog open={open === 'add'} onClose={close} />
    </Panel>
  );
};
