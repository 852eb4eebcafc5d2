import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { paths } from '#shared/app-paths';
import type { Watch, WatchTarget } from '#shared/schemas/watches';
import { AppLink } from '#web/components/ui/link.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/dates.ts';
import { useWatches } from '../api/watches';

const targetOf = (watch: Watch): WatchTarget =>
  'componentId' in watch ? { componentId: watch.componentId } : { componentClass: watch.componentClass };

const nameOf = (watch: Watch) =>
  'componentId' in watch
    ? (watch.componentReference ?? `Component ${watch.componentId} (deleted)`)
    : `Class ${watch.componentClass}`;

/** Settings: the parts and classes one watches, each with a way to stop. */
export const WatchList = () => {
  const { watches, isLoading, unwatch } = useWatches();
  const stop = async (watch: Watch) => {
    try {
      await unwatch(targetOf(watch));
    } catch (error) {
      notify({
        type: 'error',
        title: 'Failed to change watching',
        description: errorMessage(error, 'Please try again.'),
      });
    }
  };
  return (
    <Stack as="section" aria-labelledby="watching-heading" gap="3" mt="8">
      <Heading as="h2" size="md" id="watching-heading">
        Watching
      </Heading>
      {isLoading ? (
        <Text color="fg.muted">Loading...</Text>
      ) : !watches?.length ? (
        <Text color="fg.muted">
          You watch no parts or classes. Use Watch on a part&apos;s page to be told of its changes.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {watches.map((watch) => (
            <HStack as="li" key={nameOf(watch)} justify="space-between" borderBottomWidth="1px" pb="2" gap="3">
              <Stack gap="0" minWidth="0">
                {'componentId' in watch && watch.componentReference ? (
                  <AppLink to={paths.hub.component.href(watch.componentId)} fontWeight="semibold">
                    {watch.componentReference}
                  </AppLink>
                ) : (
                  <Text fontWeight="semibold">{nameOf(watch)}</Text>
                )}
                <Text fontSize="sm" color="fg.muted">
                  Since {formatDate(watch.since)}
                </Text>
              </Stack>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void stop(watch)}
                aria-label={`Stop watching ${nameOf(watch)}`}
              >
                Stop watching
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
