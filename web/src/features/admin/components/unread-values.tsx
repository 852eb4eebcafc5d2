import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router';
import { paths } from '#shared/app-paths';
import { Panel } from '#web/components/ui/page.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUnreadValues } from '../api/get-unread-values';

/**
 * The current and wire texts the catalogue could not read a number from. They stay as written
 * (nothing a designer typed is lost) but such parts are missed by the current and wire filters,
 * so they are listed here to be put right with an edit.
 */
export const UnreadValues = () => {
  const { rows, error } = useUnreadValues();
  return (
    <Panel as="section" aria-labelledby="unread-values-heading">
      <Stack gap="1" mb="4">
        <Heading as="h2" size="md" id="unread-values-heading">
          Values not read as numbers
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Current and wire sizes are filtered on as numbers read from the text as written (16&nbsp;A,
          0,5&nbsp;-&nbsp;2,5&nbsp;mm², 26-14&nbsp;AWG). Values listed here gave no number, so their parts are missed by
          those filters.
        </Text>
      </Stack>
      {error ? (
        <Text color="red.600">{errorMessage(error, 'Could not load the values')}</Text>
      ) : !rows ? (
        <Stack gap="3">
          {Array.from({ length: 3 }, (_, n) => (
            <Skeleton key={n} height="6" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">Every current and wire size was read.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {rows.map((row) => (
            <Box as="li" key={`${row.field} ${row.value}`} borderBottomWidth="1px" pb="3">
              <HStack justify="space-between" align="flex-start" gap="3">
                <Stack gap="0" minW="0">
                  <Text fontSize="sm" color="fg.muted">
                    {row.label}
                  </Text>
                  <Text fontWeight="medium" wordBreak="break-word">
                    “{row.value}”
                  </Text>
                </Stack>
                <Badge flexShrink={0}>{row.count === 1 ? '1 part' : `${row.count} parts`}</Badge>
              </HStack>
              <HStack wrap="wrap" gap="3" mt="1" fontSize="sm">
                {row.components.map((component) => (
                  <Link key={component.id} asChild color="blue.600">
                    <RouterLink to={paths.hub.component.href(component.id)}>{component.reference}</RouterLink>
                  </Link>
                ))}
                {row.count > row.components.length && (
                  <Text color="fg.muted">and {row.count - row.components.length} more</Text>
                )}
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  );
};
