import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId } from 'react';
import { LifecycleBadge } from '#web/components/ui/lifecycle-badge.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { paths } from '#shared/app-paths';
import { useRelatedComponents } from '../api/get-related-components';

/** 'Related Components': up to 3 others sharing class, type or series, each linking to its page. */
export const RelatedComponents = ({ componentId }: { componentId: string }) => {
  const headingId = useId();
  const { related, isLoading } = useRelatedComponents(componentId);
  return (
    <Panel as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId} mb="3">
        Related Components
      </Heading>
      {isLoading ? (
        <Stack gap="2" aria-busy>
          <Skeleton height="10" />
          <Skeleton height="10" />
        </Stack>
      ) : related.length === 0 ? (
        <Text color="fg.muted">No related components found.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Related Components">
          {related.map((part) => (
            <Stack as="li" key={part.id} gap="0">
              <HStack gap="2" wrap="wrap">
                <AppLink to={paths.hub.component.href(part.id)} fontWeight="semibold" overflowWrap="anywhere">
                  {part.reference}
                </AppLink>
                <LifecycleBadge lifecycle={part.lifecycle} size="sm" />
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {[part.manufacturer, part.class, part.type].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Panel>
  );
};
