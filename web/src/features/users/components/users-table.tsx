import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { DataList } from '@chakra-ui/react/data-list';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { KeyRound, LogOut, ShieldOff, Trash2, Users } from 'lucide-react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { messages } from '#shared/messages';
import type { AdminUser } from '#shared/schemas/users';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUser } from '#web/lib/auth.tsx';
import { useUsers } from '../api/get-users';
import { DeleteUserDialog } from './delete-user-dialog';
import { EndSessionsDialog } from './end-sessions-dialog';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog';
import { SetPasswordDialog } from './set-password-dialog';
import { isActive, tableDate, userLabel } from './user-display';
import { UserRoleSelect } from './user-role-select';
import { UserGroupsDialog, userGroupsDialogKey } from './user-groups-dialog';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

/**
 * Which table: the settings page's (invited and accepted dates, delete) or the admin dashboard's
 * (status, change password and delete).
 */
export type UsersTableView = 'settings' | 'admin';

/** Under 768 px each user is a card instead of a table row. */
const NARROW_SCREEN = '(max-width: 47.99em)';

/** Why an admin's own row has no password action: it would end their own session. */
const OWN_PASSWORD_HINT = 'Change your own password under Settings, Security';

interface RowContext {
  user: AdminUser;
  view: UsersTableView;
  isSelf: boolean;
  onDelete: () => void;
  onSetPassword: () => void;
  onEndSessions: () => void;
  onResetSecondFactor: () => void;
  onEditGroups: () => void;
}

interface Column {
  header: string;
  cell: (row: RowContext) => ReactNode;
  /** Long text (email, names) may wrap in the table; other cells keep to one line. */
  wraps?: boolean;
}

const DateText = ({ iso }: { iso: string }) => {
  const { text, title } = tableDate(iso);
  return (
    <time dateTime={iso} title={title}>
      {text}
    </time>
  );
};

const Muted = ({ children }: { children: string }) => (
  <Text as="span" color="fg.muted">
    {children}
  </Text>
);

const StatusBadge = ({ active, label }: { active: boolean; label: string }) => (
  <Badge colorPalette={active ? 'green' : 'orange'} variant="subtle">
    {label}
  </Badge>
);

interface RowActionProps {
  label: string;
  /** When set, the action is unavailable and its tooltip says why. */
  blockedBy?: string | undefined;
  onClick: () => void;
  destructive?: boolean;
  children: ReactElement;
}

/**
 * An icon button of a row. An unavailable one is aria-disabled rather than disabled, so it stays
 * focusable and its tooltip can say why.
 */
const RowAction = ({ label, blockedBy, onClick, destructive = false, children }: RowActionProps) => (
  <Tooltip content={blockedBy} disabled={!blockedBy}>
    <IconButton
      aria-label={label}
      aria-disabled={blockedBy ? true : undefined}
      data-disabled={blockedBy ? '' : undefined}
      variant="ghost"
      colorPalette={destructive ? 'red' : 'blue'}
      size="sm"
      onClick={blockedBy ? undefined : onClick}
    >
      {children}
    </IconButton>
  </Tooltip>
);

const email: Column = {
  header: 'Email',
  wraps: true,
  cell: ({ user, isSelf }) => (
    <>
      {user.email}
      {isSelf && (
        <Badge ms="2" colorPalette="blue" variant="subtle" size="sm">
          You
        </Badge>
      )}
    </>
  ),
};

const role: Column = { header: 'Role', cell: ({ user, isSelf }) => <UserRoleSelect user={user} isSelf={isSelf} /> };

/** Hub groups and single sign-on groups together; classes name groups whose reviewers see their requests first. */
const groups: Column = {
  header: 'Groups',
  wraps: true,
  cell: ({ user, onEditGroups }) => {
    const names = [...new Set([...(user.hubGroups ?? []), ...(user.ssoGroups ?? [])])];
    return (
      <HStack gap="1">
        {names.length ? <Text as="span">{names.join(', ')}</Text> : <Muted>—</Muted>}
        <RowAction label={`Edit groups of ${user.email}`} onClick={onEditGroups}>
          <Users />
        </RowAction>
      </HStack>
    );
  },
};

const joined: Column = { header: 'Joined', cell: ({ user }) => <DateText iso={user.createdAt} /> };

const actions: Column = {
  header: 'Actions',
  cell: ({ user, view, isSelf, onDelete, onSetPassword, onEndSessions, onResetSecondFactor }) => (
    <HStack gap="1">
      <RowAction
        label={`Sign out ${user.email} everywhere`}
        blockedBy={isSelf ? messages.endOwnSessionsHere : undefined}
        onClick={onEndSessions}
      >
        <LogOut />
      </RowAction>
      {user.secondFactor && (
        <RowAction
          label={`Reset second factor of ${user.email}`}
          blockedBy={isSelf ? messages.resetOwnSecondFactor : undefined}
          onClick={onResetSecondFactor}
          destructive
        >
          <ShieldOff />
        </RowAction>
      )}
      {view === 'admin' && (
        <RowAction
          label={`Change password for ${user.email}`}
          blockedBy={isSelf ? OWN_PASSWORD_HINT : undefined}
          onClick={onSetPassword}
        >
          <KeyRound />
        </RowAction>
      )}
      <RowAction
        label={`Delete ${user.email}`}
        blockedBy={isSelf ? messages.cannotDeleteOwnAccount : undefined}
        onClick={onDelete}
        destructive
      >
        <Trash2 />
      </RowAction>
    </HStack>
  ),
};

/** The columns of each table: the settings page's and the admin dashboard's. */
const columns: Record<UsersTableView, readonly Column[]> = {
  settings: [
    email,
    { header: 'Username', wraps: true, cell: ({ user }) => user.username || <Muted>—</Muted> },
    role,
    {
      header: 'Invited At',
      cell: ({ user }) => (user.invitedAt ? <DateText iso={user.invitedAt} /> : <Muted>—</Muted>),
    },
    {
      header: 'Accepted At',
      cell: ({ user }) =>
        user.acceptedInviteAt ? (
          <DateText iso={user.acceptedInviteAt} />
        ) : (
          <StatusBadge active={false} label="Pending" />
        ),
    },
    joined,
    actions,
  ],
  admin: [
    email,
    {
      header: 'Username',
      wraps: true,
      cell: ({ user }) => (
        <Stack gap="0">
          <Text>{userLabel(user)}</Text>
          {user.username && user.name && user.name !== user.username && (
            <Text fontSize="xs" color="fg.muted">
              {user.name}
            </Text>
          )}
        </Stack>
      ),
    },
    role,
    {
      header: 'Status',
      cell: ({ user }) => <StatusBadge active={isActive(user)} label={isActive(user) ? 'Active' : 'Pending'} />,
    },
    groups,
    joined,
    actions,
  ],
};

const UsersGrid = ({ view, caption, rows }: { view: UsersTableView; caption: string; rows: RowContext[] }) => (
  <Table.ScrollArea borderWidth="1px" borderRadius="md">
    <Table.Root size="sm" variant="line" aria-label={caption}>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          {columns[view].map((column) => (
            <Table.ColumnHeader key={column.header}>{column.header}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.user.id}>
            {columns[view].map((column) => (
              <Table.Cell
                key={column.header}
                // The scroll area keeps cells on one line; email and names wrap so the table fits.
                {...(column.wraps && { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: '28' })}
              >
                {column.cell(row)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);

/** The phone layout: a card per user, the email as its title, the actions at its foot. */
const UserCards = ({ view, caption, rows }: { view: UsersTableView; caption: string; rows: RowContext[] }) => {
  const [title, ...rest] = columns[view];
  const details = rest.slice(0, -1);
  const footer = rest.at(-1)!;
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={caption}>
      {rows.map((row) => (
        <Box as="li" key={row.user.id} borderWidth="1px" borderRadius="md" p="3">
          <Text fontWeight="semibold" overflowWrap="break-word" mb="2">
            {title!.cell(row)}
          </Text>
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            {details.map((column) => (
              <DataList.Item key={column.header} alignItems="center">
                <DataList.ItemLabel minWidth="24">{column.header}</DataList.ItemLabel>
                <DataList.ItemValue overflowWrap="anywhere">{column.cell(row)}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <HStack justify="flex-end" mt="2">
            {footer.cell(row)}
          </HStack>
        </Box>
      ))}
    </Stack>
  );
};

type OpenDialog = {
  kind: 'delete' | 'password' | 'sessions' | 'second-factor' | 'groups';
  user: AdminUser;
  open: boolean;
} | null;

/** The users table of the settings page and the admin dashboard (cards on a phone), with its dialogs. */
export const UsersTable = ({ view, caption }: { view: UsersTableView; caption: string }) => {
  const { user: me } = useUser();
  const { users, error, isLoading } = useUsers();
  const [narrow] = useMediaQuery([NARROW_SCREEN], { ssr: false });
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const close = () => setDialog((current) => current && { ...current, open: false });

  if (error) {
    return (
      <InlineAlert status="error" title="Failed to load users">
        {errorMessage(error, 'Failed to load users')}
      </InlineAlert>
    );
  }

  if (isLoading || !users) {
    return (
      <Stack gap="2" role="status" aria-label="Loading users">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height="10" />
        ))}
      </Stack>
    );
  }

  if (users.length === 0) return <Text color="fg.muted">No users found.</Text>;

  const rows = users.map<RowContext>((user) => ({
    user,
    view,
    isSelf: user.id === me?.id,
    onDelete: () => setDialog({ kind: 'delete', user, open: true }),
    onSetPassword: () => setDialog({ kind: 'password', user, open: true }),
    onEndSessions: () => setDialog({ kind: 'sessions', user, open: true }),
    onResetSecondFactor: () => setDialog({ kind: 'second-factor', user, open: true }),
    onEditGroups: () => setDialog({ kind: 'groups', user, open: true }),
  }));
  const Layout = narrow ? UserCards : UsersGrid;

  return (
    <>
      <Layout view={view} caption={caption} rows={rows} />
      <DeleteUserDialog user={dialog?.user ?? null} open={dialog?.kind === 'delete' && dialog.open} onClose={close} />
      <EndSessionsDialog
        user={dialog?.user ?? null}
        open={dialog?.kind === 'sessions' && dialog.open}
        onClose={close}
      />
      <SetPasswordDialog
        user={dialog?.user ?? null}
        open={dialog?.kind === 'password' && dialog.open}
        onClose={close}
      />
      <UserGroupsDialog
        key={userGroupsDialogKey(dialog?.kind === 'groups' ? dialog.user : null)}
        user={dialog?.user ?? null}
        open={dialog?.kind === 'groups' && dialog.open}
        onClose={close}
      />
      <ResetSecondFactorDialog
        user={dialog?.user ?? null}
        open={dialog?.kind === 'second-factor' && dialog.open}
        onClose={close}
      />
    </>
  );
};
