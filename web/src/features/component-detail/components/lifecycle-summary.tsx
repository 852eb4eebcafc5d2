import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { absentChoice, readConfirmationSource } from '#shared/schemas/choice-fields';
import type { Component } from '#shared/schemas/component';
import { distributorLabels, type DistributorName } from '#shared/schemas/distributors';
import { LifecycleBadge } from '#web/components/ui/lifecycle-badge.tsx';
import { formatDate } from '#web/lib/dates.ts';

/** Where a lifecycle's confirmation came from, as a reader says it: 'by Ada Admin', 'by an import', 'from Digi-Key'. */
export const confirmedBy = (source: string | null): string | undefined => {
  const read = readConfirmationSource(source);
  if (!read) return undefined;
  if (read.kind === 'distributor') return `from ${distributorLabels[read.name as DistributorName] ?? read.name}`;
  return read.kind === 'person' ? `by ${read.name}` : 'by an import';
};

/**
 * Under the part's title: its lifecycle badge and when and by whom that lifecycle was last
 * confirmed. Nothing for a part whose lifecycle is unknown.
 */
export const LifecycleSummary = ({
  component,
}: {
  component: Pick<Component, 'lifecycle' | 'lifecycleConfirmedAt' | 'lifecycleSource'>;
}) => {
  if ((component.lifecycle ?? absentChoice('lifecycle')) === absentChoice('lifecycle')) return null;
  const when = formatDate(component.lifecycleConfirmedAt);
  const by = confirmedBy(component.lifecycleSource);
  return (
    <HStack gap="2" wrap="wrap" mt="2" data-testid="lifecycle-summary">
      <LifecycleBadge lifecycle={component.lifecycle} />
      {when && (
        <Text as="span" fontSize="sm" color="fg.muted">
          {`Lifecycle confirmed ${when}${by ? ` ${by}` : ''}`}
        </Text>
      )}
    </HStack>
  );
};
