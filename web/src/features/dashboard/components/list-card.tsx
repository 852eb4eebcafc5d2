import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, type ReactNode } from 'react';
import { Panel } from '#web/components/ui/page.tsx';

interface ListCardProps<T> {
  title: string;
  /** Undefined while loading. */
  items: readonly T[] | undefined;
  empty: string;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
}

/** A dashboard card listing a few items, with its loading and empty states. */
export const ListCard = <T,>({ title, items, empty, renderItem, itemKey }: ListCardProps<T>) => {
  const headingId = useId();
  return (
    <Panel as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId} mb="4">
        {title}
      </Heading>
      {items === undefined ? (
        <Stack gap="3" aria-busy>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height="10" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" aria-label={title}>
          {items.map((item) => (
            <Stack
              as="li"
              key={itemKey(item)}
              direction="row"
              justify="space-between"
              align="center"
              gap="3"
              py="3"
              borderBottomWidth="1px"
              _last={{ borderBottomWidth: 0, pb: 0 }}
              _first={{ pt: 0 }}
            >
              {renderItem(item)}
            </Stack>
          ))}
        </Stack>
      )}
    </Panel>
  );
};
