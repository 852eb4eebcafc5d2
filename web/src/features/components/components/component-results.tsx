import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Component, SearchSortField } from '#shared/schemas/component';
import { LifecycleBadge } from '#web/components/ui/lifecycle-badge.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { ComponentActions, useOpenComponent } from './component-actions';

/** Five skeleton rows while the list loads. */
export const SKELETON_ROWS = 5;

const columns = ['Reference', 'Manufacturer', 'Description', 'Class', 'Type', 'Actions'] as const;

/** The columns a header click sorts by. */
const sortableColumns: Partial<Record<(typeof columns)[number], Exclude<SearchSortField, 'relevance'>>> = {
  Reference: 'reference',
  Manufacturer: 'manufacturer',
  Class: 'class',
  Type: 'type',
};

export interface ResultsOrder {
  sort: SearchSortField;
  descending: boolean;
}

/** A header's next order: ascending, then descending, then back to relevance. */
const nextOrder = (current: ResultsOrder, column: Exclude<SearchSortField, 'relevance'>): ResultsOrder =>
  current.sort !== column
    ? { sort: column, descending: false }
    : current.descending
      ? { sort: 'relevance', descending: false }
      : { sort: column, descending: true };

const sortChoices: { value: string; label: string; order: ResultsOrder }[] = [
  { value: 'relevance', label: 'Relevance', order: { sort: 'relevance', descending: false } },
  ...(['reference', 'manufacturer', 'class', 'type'] as const).flatMap((sort) => {
    const label = sort[0]!.toUpperCase() + sort.slice(1);
    return [
      { value: sort, label: `${label} (A–Z)`, order: { sort, descending: false } },
      { value: `${sort}-desc`, label: `${label} (Z–A)`, order: { sort, descending: true } },
    ];
  }),
];

const Dash = () => (
  <Text as="span" color="fg.muted">
    —
  </Text>
);

interface ResultsProps {
  /** Undefined while the page loads. */
  components: readonly Component[] | undefined;
  order: ResultsOrder;
  onOrderChange: (order: ResultsOrder) => void;
}

const SortIcon = ({ direction }: { direction: 'ascending' | 'descending' | 'none' }) =>
  direction === 'ascending' ? (
    <ArrowUp aria-hidden />
  ) : direction === 'descending' ? (
    <ArrowDown aria-hidden />
  ) : (
    <ArrowUpDown aria-hidden opacity="0.4" />
  );

const ColumnHeader = ({
  column,
  order,
  onOrderChange,
}: { column: (typeof columns)[number] } & Omit<ResultsProps, 'components'>) => {
  const sortable = sortableColumns[column];
  let content: ReactNode = column;
  let direction: 'ascending' | 'descending' | 'none' | undefined;
  if (sortable) {
    direction = order.sort === sortable ? (order.descending ? 'descending' : 'ascending') : 'none';
    content = (
      <Button
        variant="plain"
        size="sm"
        px="0"
        h="auto"
        fontWeight="semibold"
        onClick={() => onOrderChange(nextOrder(order, sortable))}
      >
        {column}
        <SortIcon direction={direction} />
      </Button>
    );
  }
  return (
    <Table.ColumnHeader
      whiteSpace="nowrap"
      aria-sort={direction}
      {...(column === 'Actions' ? { ...actionsColumn, textAlign: 'end' } : {})}
    >
      {content}
    </Table.ColumnHeader>
  );
};

/**
 * When the table is wider than its box it scrolls sideways, and the Actions column stays at the
 * right edge (on the row's own background, a rule on its left) so a part is always one click away.
 */
const actionsColumn = {
  position: 'sticky',
  insetInlineEnd: '0',
  bg: 'inherit',
  zIndex: '1',
  boxShadow: 'inset 1px 0 0 {colors.border}',
} as const;

/**
 * At 1024 px and wider: the results table, its Reference, Manufacturer, Class and Type headers
 * sorting it. Narrower (the sidebar leaves a tablet about 500 px), cards.
 */
const ComponentsTable = ({ components, order, onOrderChange }: ResultsProps) => {
  const open = useOpenComponent();
  return (
    <Table.ScrollArea display={{ base: 'none', lg: 'block' }} borderWidth="1px" borderRadius="md">
      <Table.Root
        size="sm"
        variant="line"
        interactive={Boolean(components)}
        aria-label="Components"
        aria-busy={!components}
      >
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((column) => (
              <ColumnHeader key={column} column={column} order={order} onOrderChange={onOrderChange} />
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {components
            ? components.map((component) => (
                <Table.Row key={component.id} onClick={open(component.id)} cursor="pointer">
                  <Table.Cell fontWeight="semibold" whiteSpace="nowrap">
                    {component.reference}
                    <LifecycleBadge lifecycle={component.lifecycle} ms="2" verticalAlign="middle" />
                  </Table.Cell>
                  <Table.Cell>{component.manufacturer ?? <Dash />}</Table.Cell>
                  <Table.Cell maxWidth="sm" minWidth="12rem">
                    {component.description ? (
                      <Text lineClamp={2} title={component.description}>
                        {component.description}
                      </Text>
                    ) : (
                      <Dash />
                    )}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{component.class}</Table.Cell>
                  <Table.Cell>{component.type ?? <Dash />}</Table.Cell>
                  <Table.Cell {...actionsColumn}>
                    <ComponentActions component={component} />
                  </Table.Cell>
                </Table.Row>
              ))
            : Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Row key={row} data-testid="skeleton-row">
                  {columns.map((column) => (
                    <Table.Cell key={column}>
                      <Skeleton height="5" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};

/** Under 1024 px: the order as a choice, since there are no headers to click. */
const CardsOrder = ({ order, onOrderChange }: Omit<ResultsProps, 'components'>) => (
  <Box display={{ base: 'block', lg: 'none' }} mb="3">
    <SelectField
      label="Sort by"
      options={sortChoices}
      value={order.sort === 'relevance' ? 'relevance' : `${order.sort}${order.descending ? '-desc' : ''}`}
      onChange={(event) => {
        const choice = sortChoices.find((option) => option.value === event.target.value);
        if (choice) onOrderChange(choice.order);
      }}
    />
  </Box>
);

/** Under 1024 px: one card per component. */
const ComponentCards = ({ components }: Pick<ResultsProps, 'components'>) => {
  const open = useOpenComponent();
  if (!components) {
    return (
      <Stack display={{ base: 'flex', lg: 'none' }} gap="3" aria-busy>
        {Array.from({ length: SKELETON_ROWS }, (_, row) => (
          <Skeleton key={row} height="28" borderRadius="md" data-testid="skeleton-card" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="ul" display={{ base: 'flex', lg: 'none' }} gap="3" listStyleType="none" aria-label="Components">
      {components.map((component) => (
        <Box
          as="li"
          key={component.id}
          borderWidth="1px"
          borderRadius="md"
          p="4"
          bg="bg"
          cursor="pointer"
          _hover={{ borderColor: 'blue.300', bg: 'blue.50/40' }}
          onClick={open(component.id)}
        >
          <Heading as="h3" size="sm" overflowWrap="anywhere">
            {component.reference}
          </Heading>
          {component.manufacturer && (
            <Text fontSize="sm" color="fg.muted">
              {component.manufacturer}
            </Text>
          )}
          {component.description && (
            <Text fontSize="sm" mt="2" lineClamp={2}>
              {component.description}
            </Text>
          )}
          <HStack justify="space-between" align="center" gap="2" mt="2">
            <HStack gap="2" wrap="wrap" minWidth="0">
              <LifecycleBadge lifecycle={component.lifecycle} />
              <Badge colorPalette="blue" variant="subtle">
                {component.class}
              </Badge>
              {component.type && <Badge variant="subtle">{component.type}</Badge>}
            </HStack>
            <ComponentActions component={component} />
          </HStack>
        </Box>
      ))}
    </Stack>
  );
};

/**
 * The results: skeletons while loading, the empty text (with whatever `empty` adds, such as
 * 'Did you mean …'), else the table (wide) and cards (narrow).
 */
export const ComponentResults = ({ components, order, onOrderChange, empty }: ResultsProps & { empty?: ReactNode }) => {
  if (components && components.length === 0) {
    return (
      <Box borderWidth="1px" borderRadius="md" borderStyle="dashed" py="10" px="4" textAlign="center">
        <Text color="fg.muted">No components found matching your search criteria.</Text>
        {empty}
      </Box>
    );
  }
  return (
    <>
      <ComponentsTable components={components} order={order} onOrderChange={onOrderChange} />
      <CardsOrder order={order} onOrderChange={onOrderChange} />
      <ComponentCards components={components} />
    </>
  );
};
