import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { messages } from '#shared/messages';
import type { SessionSummary } from '#shared/schemas/sessions';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

/** How a session is named: its browser and system, or a plain word where none was recorded. */
const sessionTitle = (session: SessionSummary): string =>
  [session.browser ?? 'Unknown browser', session.device ?? 'unknown device'].join(' on ');

const When = ({ label, iso }: { label: string; iso: string }) => (
  <Text fontSize="sm" color="fg.muted">
    {label} <time dateTime={iso}>{formatDateTime(iso)}</time>
  </Text>
);

const SessionItem = ({ session, ending, onEnd }: { session: SessionSummary; ending: boolean; onEnd: () => void }) => {
  const title = sessionTitle(session);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" aria-label={title}>
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
        <Stack gap="1" minWidth="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {title}
            </Text>
            {session.current && (
              <Badge colorPalette="green" variant="subtle">
                This device
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Address: {session.clientIp ?? 'not recorded'}
          </Text>
          <When label="Signed in" iso={session.createdAt} />
          <When label="Last active" iso={session.lastSeenAt} />
        </Stack>
        {!session.current && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            flexShrink={0}
            alignSelf={{ base: 'flex-start', sm: 'center' }}
            loading={ending}
            loadingText="Signing out..."
            aria-label={`Sign out ${title}`}
            onClick={onEnd}
          >
            Sign out
          </Button>
        )}
      </Stack>
    </Box>
  );
};

/**
 * Settings → Security: where the account is signed in. Any other session can be signed out, one
 * at a time or all at once; the current one is ended by logging out.
 */
export const ActiveSessions = () => {
  const { sessions, error, isLoading } = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<string | 'others' | null>(null);

  const run = async (which: string, action: () => Promise<void>, done: string) => {
    setEnding(which);
    try {
      await action();
      notify({ type: 'success', title: done });
    } catch (failure) {
      notify({
        type: 'error',
        title: 'Failed to sign out',
        description: errorMessage(failure, 'Failed to sign out'),
      });
    } finally {
      setEnding(null);
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];

  return (
    <Panel as="section" aria-labelledby="sessions-heading">
      <Stack gap="4">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
          <Stack gap="1">
            <Heading as="h2" size="lg" id="sessions-heading">
              Active Sessions
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Where your account is signed in. Sign out any session you do not recognise, then change your password.
            </Text>
          </Stack>
          {others.length > 0 && (
            <Button
              size="sm"
              colorPalette="red"
              flexShrink={0}
              alignSelf={{ base: 'flex-start', sm: 'center' }}
              loading={ending === 'others'}
              loadingText="Signing out..."
              disabled={ending !== null && ending !== 'others'}
              onClick={() => void run('others', endOthers, messages.otherSessionsEnded)}
            >
              Sign out all other sessions
            </Button>
          )}
        </Stack>
        {error ? (
          <InlineAlert status="error" title="Failed to load sessions">
            {errorMessage(error, 'Failed to load sessions')}
          </InlineAlert>
        ) : isLoading || !sessions ? (
          <Stack gap="2" role="status" aria-label="Loading sessions">
            {[0, 1].map((row) => (
              <Skeleton key={row} height="16" />
            ))}
          </Stack>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Active sessions">
            {sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                ending={ending === session.id || (ending === 'others' && !session.current)}
                onEnd={() => void run(session.id, () => endSession(session.id), messages.sessionEnded)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Panel>
  );
};
