import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { useId, useRef } from 'react';
import { linkColumnHeading, linkEntryText } from '#shared/schemas/exports';
import type { ImportAction, ImportOutcome, ImportRowReport } from '#shared/schemas/import';
import { useScrollsSideways } from '#web/lib/overflow.ts';
import { ROWS_PER_PAGE, type RowFilter } from '../api/import-excel';
import { fieldLabel } from '../utils/field-label';
import { actionLabels, outcomeLabels, shownValue } from '../utils/row-details';

const actionPalette: Record<ImportAction, string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'gray',
  skip: 'orange',
};
const outcomePalette: Record<ImportOutcome, string> = {
  created: 'green',
  updated: 'blue',
  unchanged: 'gray',
  skipped: 'orange',
  conflict: 'red',
  excluded: 'gray',
};

/** What a row does, or did: each changed field with its old value struck out and its new one marked. */
const RowDetails = ({ row }: { row: ImportRowReport }) => (
  <Stack gap="1" whiteSpace="normal">
    {row.changes.map((change) => (
      <Text key={change.field} fontSize="sm" overflowWrap="anywhere">
        <Text as="span" fontWeight="semibold">
          {fieldLabel(change.field)}:
        </Text>{' '}
        <Box as="del" bg="red.subtle" color="red.fg" px="1" borderRadius="sm" overflowWrap="anywhere">
          {shownValue(change.from)}
        </Box>{' '}
        →{' '}
        <Box
          as="ins"
          bg="green.subtle"
          color="green.fg"
          px="1"
          borderRadius="sm"
          textDecoration="none"
          overflowWrap="anywhere"
        >
          {shownValue(change.to)}
        </Box>
      </Text>
    ))}
    {row.action === 'create' && row.changes.length === 0 && (
      <Text fontSize="sm" color="fg.muted">
        New part
      </Text>
    )}
    {row.links
      ?.filter((link) => link.state === 'new')
      .map((link, index) => (
        <Text key={`link-${index}`} fontSize="sm" overflowWrap="anywhere">
          <Text as="span" fontWeight="semibold">
            {linkColumnHeading(link.kind)}:
          </Text>{' '}
          <Box as="ins" bg="green.subtle" color="green.fg" px="1" borderRadius="sm" textDecoration="none">
            {linkEntryText(link)}
          </Box>
        </Text>
      ))}
    {row.reasons.map((reason, index) => (
      <Text key={`reason-${index}`} fontSize="sm">
        {reason.message}
      </Text>
    ))}
    {row.outcomeMessage && (
      <Text fontSize="sm" color={row.outcome === 'conflict' ? 'red.fg' : 'fg.muted'}>
        {row.outcomeMessage}
      </Text>
    )}
    {row.warnings.map((warning, index) => (
      <Text key={`warning-${index}`} fontSize="sm" color="orange.fg">
        {warning.message}
      </Text>
    ))}
  </Stack>
);

const filters: { value: RowFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'create', label: 'Create' },
  { value: 'update', label: 'Update' },
  { value: 'unchanged', label: 'Unchanged' },
  { value: 'skip', label: 'Skip' },
  { value: 'conflict', label: 'Conflicts' },
];

export interface ImportRowsProps {
  rows: readonly ImportRowReport[];
  rowsMatching: number;
  offset: number;
  filter: RowFilter;
  onFilter: (filter: RowFilter) => void;
  onPage: (offset: number) => void;
  /** Rows left out of the commit; ticks only while the preview can still be committed. */
  excluded: ReadonlySet<number>;
  onTick?: (row: number, included: boolean) => void;
  showConflicts: boolean;
}

/** The rows of the preview (and, once committed, what each did), filtered by action, a page at a time. */
export const ImportRows = ({
  rows,
  rowsMatching,
  offset,
  filter,
  onFilter,
  onPage,
  excluded,
  onTick,
  showConflicts,
}: ImportRowsProps) => {
  const last = Math.min(offset + ROWS_PER_PAGE, rowsMatching);
  const scrollArea = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(scrollArea);
  const hintId = useId();
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap" role="group" aria-label="Show rows">
        {filters
          .filter((option) => option.value !== 'conflict' || showConflicts)
          .map((option) => (
            <Button
              key={option.value}
              size="xs"
              variant={filter === option.value ? 'solid' : 'outline'}
              aria-pressed={filter === option.value}
              onClick={() => onFilter(option.value)}
            >
              {option.label}
            </Button>
          ))}
      </HStack>
      {scrolls && (
        <Text id={hintId} fontSize="sm" color="fg.muted">
          The table is wider than the screen: scroll it sideways to see every column.
        </Text>
      )}
      <Table.ScrollArea
        ref={scrollArea}
        borderWidth="1px"
        borderRadius="md"
        tabIndex={0}
        role="region"
        aria-label="Rows (scrollable)"
        aria-describedby={scrolls ? hintId : undefined}
      >
        <Table.Root size="sm" aria-label="Rows of the workbook">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {onTick && <Table.ColumnHeader width="2.5rem">Import</Table.ColumnHeader>}
              <Table.ColumnHeader width="3.5rem">Row</Table.ColumnHeader>
              <Table.ColumnHeader>Reference</Table.ColumnHeader>
              <Table.ColumnHeader>Action</Table.ColumnHeader>
              <Table.ColumnHeader minWidth="16rem" width="full">
                Details
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => {
              const writes = row.action === 'create' || row.action === 'update';
              return (
                <Table.Row
                  key={row.row}
                  data-testid={`import-row-${row.row}`}
                  // A row left out is shaded, not faded: faded text falls below the contrast minimum.
                  bg={excluded.has(row.row) ? 'bg.muted' : undefined}
                  color={excluded.has(row.row) ? 'fg.muted' : undefined}
                >
                  {onTick && (
                    <Table.Cell>
                      {writes && (
                        <Checkbox.Root
                          size="sm"
                          checked={!excluded.has(row.row)}
                          onCheckedChange={(event) => onTick(row.row, event.checked === true)}
                        >
                          <Checkbox.HiddenInput aria-label={`Import row ${row.row}`} />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      )}
                    </Table.Cell>
                  )}
                  <Table.Cell>{row.row}</Table.Cell>
                  <Table.Cell>
                    <Text fontWeight="semibold" overflowWrap="anywhere">
                      {row.reference ?? '—'}
                    </Text>
                    {row.manufacturer && (
                      <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                        {row.manufacturer}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="1" align="flex-start">
                      <Badge colorPalette={actionPalette[row.action]}>{actionLabels[row.action]}</Badge>
                      {row.outcome && (
                        <Badge variant="outline" colorPalette={outcomePalette[row.outcome]}>
                          {outcomeLabels[row.outcome]}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <RowDetails row={row} />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          No rows to show.
        </Text>
      )}
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {rowsMatching === 0 ? 'No rows' : `Rows ${offset + 1} to ${last} of ${rowsMatching}`}
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onPage(offset - ROWS_PER_PAGE)}>
            Previous
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={offset + ROWS_PER_PAGE >= rowsMatching}
            onClick={() => onPage(offset + ROWS_PER_PAGE)}
          >
            Next
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
};
