import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId } from 'react';
import { paths } from '#shared/app-paths';
import { absentChoice, choicesOf, type Lifecycle } from '#shared/schemas/choice-fields';
import { LifecycleBadge } from '#web/components/ui/lifecycle-badge.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { useCatalogueStats } from '../api/get-catalogue-stats';

/**
 * Dashboard: how many parts are in each lifecycle, each count leading to those parts in the
 * list. A failed load (or an answer without the counts) shows a dash rather than a skeleton for
 * ever.
 */
export const LifecycleCounts = () => {
  const headingId = useId();
  const { stats, error } = useCatalogueStats();
  return (
    <Panel as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId} mb="4">
        Parts by Lifecycle
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 2, sm: 3, lg: 5 }} gap="4" listStyleType="none">
        {choicesOf('lifecycle').map(({ value, label }) => {
          const count = stats?.lifecycle?.[value as Lifecycle];
          return (
            <Stack as="li" key={value} gap="1" minWidth="0">
              {value === absentChoice('lifecycle') ? (
                <Text fontSize="sm" color="fg.muted" fontWeight="medium">
                  {label}
                </Text>
              ) : (
                <LifecycleBadge lifecycle={value} alignSelf="flex-start" />
              )}
              {error || (stats && count === undefined) ? (
                <Text fontSize="2xl" fontWeight="bold">
                  —
                </Text>
              ) : count === undefined ? (
                <Skeleton height="8" width="12" />
              ) : (
                <AppLink
                  to={paths.hub.components.href({ lifecycle: value })}
                  fontSize="2xl"
                  fontWeight="bold"
                  aria-label={`${label}: ${count.toLocaleString()} ${count === 1 ? 'part' : 'parts'}`}
                >
                  {count.toLocaleString()}
                </AppLink>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Panel>
  );
};
