import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import type { Component } from '#shared/schemas/component';
import { ComponentActions, useOpenComponent } from './component-actions';

/** Spec §9: five skeleton rows while the list loads. */
export const SKELETON_ROWS = 5;

const columns = ['Reference', 'Manufacturer', 'Description', 'Class', 'Type', 'Actions'] as const;

const Dash = () => (
  <Text as="span" color="fg.muted">
    —
  </Text>
);

interface ResultsProps {
  /** Undefined while the page loads. */
  components: readonly Component[] | undefined;
}

/** At 768 px and wider: the table of spec §2. */
const ComponentsTable = ({ components }: ResultsProps) => {
  const open = useOpenComponent();
  return (
    <Table.ScrollArea display={{ base: 'none', md: 'block' }} borderWidth="1px" borderRadius="md">
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
              <Table.ColumnHeader key={column} whiteSpace="nowrap" textAlign={column === 'Actions' ? 'end' : undefined}>
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {components
            ? components.map((component) => (
                <Table.Row key={component.id} onClick={open(component.id)} cursor="pointer">
                  <Table.Cell fontWeight="semibold" whiteSpace="nowrap">
                    {component.reference}
                  </Table.Cell>
                  <Table.Cell>{component.manufacturer ?? <Dash />}</Table.Cell>
                  <Table.Cell maxWidth="sm">
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
                  <Table.Cell>
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

/** Under 768 px: one card per component. */
const ComponentCards = ({ components }: ResultsProps) => {
  const open = useOpenComponent();
  if (!components) {
    return (
      <Stack display={{ base: 'flex', md: 'none' }} gap="3" aria-busy>
        {Array.from({ length: SKELETON_ROWS }, (_, row) => (
          <Skeleton key={row} height="28" borderRadius="md" data-testid="skeleton-card" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="ul" display={{ base: 'flex', md: 'none' }} gap="3" listStyleType="none" aria-label="Components">
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

/** The results: skeletons while loading, the empty text, else the table (wide) and cards (narrow). */
export const ComponentResults = ({ components }: ResultsProps) => {
  if (components && components.length === 0) {
    return (
      <Box borderWidth="1px" borderRadius="md" borderStyle="dashed" py="10" px="4" textAlign="center">
        <Text color="fg.muted">No components found matching your search criteria.</Text>
      </Box>
    );
  }
  return (
    <>
      <ComponentsTable components={components} />
      <ComponentCards components={components} />
    </>
  );
};
