import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '#shared/app-paths';
import { changeKindLabels, changeKinds, type ChangeEntry, type ChangeKind } from '#shared/schemas/changes';
import { TextField } from '#web/components/ui/form-field.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { PageHeader, Panel } from '#web/components/ui/page.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUser } from '#web/lib/auth.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { fetchAllChanges, useChangePage, type ChangeFilters } from '../api/list-changes';
import { changesCsv, changesCsvName } from '../utils/change-csv';

export const CHANGES_PER_PAGE = 25;

const kindOptions = [
  { value: '', label: 'All kinds' },
  ...changeKinds.map((kind) => ({ value: kind, label: changeKindLabels[kind] })),
];

/** The filters live in the address, so a filtered log can be shared and reloaded. */
const filtersOf = (search: URLSearchParams): ChangeFilters => ({
  user: search.get('user') || undefined,
  class: search.get('class') || undefined,
  kind: (changeKinds as readonly string[]).includes(search.get('kind') ?? '')
    ? (search.get('kind') as ChangeKind)
    : undefined,
  from: search.get('from') || undefined,
  to: search.get('to') || undefined,
});

const saveCsv = (csv: string, name: string) => {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
};

const PersonButton = ({ person, onPick }: { person: ChangeEntry['proposedBy']; onPick: (id: string) => void }) => (
  <Button
    variant="plain"
    size="xs"
    px="0"
    height="auto"
    color="blue.700"
    textDecoration="underline"
    onClick={() => onPick(person.id)}
    aria-label={`Only changes by ${person.name}`}
  >
    {person.name}
  </Button>
);

const PartCell = ({ entry }: { entry: ChangeEntry }) => {
  if (!entry.componentReference) return <Text color="fg.muted">—</Text>;
  if (entry.componentId === null || entry.kind === 'delete') return <Text>{entry.componentReference}</Text>;
  return (
    <AppLink to={`${paths.hub.component.href(entry.componentId)}#history`} fontWeight="semibold">
      {entry.componentReference}
    </AppLink>
  );
};

/**
 * /component-hub/changes: every change the catalogue took, newest first, for everyone, by
 * person, class, kind and days, 25 a page, each part linked to its version history, and the
 * whole filtered log as a CSV file.
 */
export const ChangeLogRoute = () => {
  const { user } = useUser();
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { page: data, error, isLoading } = useChangePage(filters, CHANGES_PER_PAGE, (page - 1) * CHANGES_PER_PAGE);
  const [exporting, setExporting] = useState(false);
  const [classText, setClassText] = useState(filters.class ?? '');

  const change = (next: Partial<Record<keyof ChangeFilters | 'page', string | undefined>>) => {
    const merged = new URLSearchParams(search);
    for (const [name, value] of Object.entries(next)) {
      if (value) merged.set(name, value);
      else merged.delete(name);
    }
    if (!('page' in next)) merged.delete('page');
    setSearch(merged);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveCsv(changesCsv(await fetchAllChanges(filters)), changesCsvName());
    } catch (failure) {
      notify({ type: 'error', title: 'Export failed', description: errorMessage(failure, 'Failed to export changes') });
    } finally {
      setExporting(false);
    }
  };

  const total = data?.total ?? 0;
  const pages = Math.ceil(total / CHANGES_PER_PAGE);
  const first = total === 0 ? 0 : (page - 1) * CHANGES_PER_PAGE + 1;
  const last = Math.min(total, page * CHANGES_PER_PAGE);

  return (
    <Stack gap="0">
      <PageHeader
        title="Change Log"
        subtitle="Every approved change to the catalogue: who proposed it, who approved it, and when"
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} loadingText="Exporting...">
            <Download aria-hidden />
            Export CSV
          </Button>
        }
      />
      <Panel as="section" aria-label="Filters" mb="4">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3" alignItems="end">
          <SelectField
            label="Kind"
            options={kindOptions}
            value={filters.kind ?? ''}
            onChange={(event) => change({ kind: event.target.value || undefined })}
          />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              change({ class: classText.trim() || undefined });
            }}
          >
            <TextField
              label="Class"
              value={classText}
              onChange={(event) => setClassText(event.target.value)}
              onBlur={() => change({ class: classText.trim() || undefined })}
              placeholder="Any class"
            />
          </form>
          <TextField
            label="From"
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => change({ from: event.target.value || undefined })}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => change({ to: event.target.value || undefined })}
          />
          <HStack gap="2" wrap="wrap">
            {user && (
              <Button
                variant={filters.user === user.id ? 'solid' : 'outline'}
                size="sm"
                aria-pressed={filters.user === user.id}
                onClick={() => change({ user: filters.user === user.id ? undefined : user.id })}
              >
                My changes
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setClassText('');
                setSearch(new URLSearchParams());
              }}
            >
              Reset
            </Button>
          </HStack>
        </SimpleGrid>
        {filters.user && filters.user !== user?.id && (
          <HStack mt="3" gap="2">
            <Text fontSize="sm">Only one person’s changes.</Text>
            <Button size="xs" variant="outline" onClick={() => change({ user: undefined })}>
              Everyone
            </Button>
          </HStack>
        )}
      </Panel>

      <Panel p="0" overflow="hidden">
        {isLoading ? (
          <Text p="6" color="fg.muted">
            Loading changes...
          </Text>
        ) : error ? (
          <Text p="6" color="red.700">
            {`Failed to load changes: ${errorMessage(error, 'unknown error')}`}
          </Text>
        ) : !data?.entries.length ? (
          <Text p="6" color="fg.muted">
            No changes found.
          </Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label="Changes">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>Kind</Table.ColumnHeader>
                  <Table.ColumnHeader>Part</Table.ColumnHeader>
                  <Table.ColumnHeader>Class</Table.ColumnHeader>
                  <Table.ColumnHeader>Change</Table.ColumnHeader>
                  <Table.ColumnHeader>Proposed by</Table.ColumnHeader>
                  <Table.ColumnHeader>Approved by</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.entries.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.at)}</Table.Cell>
                    <Table.Cell>
                      <Badge variant="subtle" colorPalette={entry.kind === 'delete' ? 'red' : 'blue'}>
                        {changeKindLabels[entry.kind]}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <PartCell entry={entry} />
                    </Table.Cell>
                    <Table.Cell>{entry.componentClass ?? ''}</Table.Cell>
                    <Table.Cell maxWidth="22rem" overflowWrap="anywhere">
                      {entry.summary}
                      {entry.overrideReason && (
                        <Text fontSize="xs" color="fg.muted">
                          Own request, overridden: {entry.overrideReason}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <PersonButton person={entry.proposedBy} onPick={(id) => change({ user: id })} />
                    </Table.Cell>
                    <Table.Cell>
                      <PersonButton person={entry.approvedBy} onPick={(id) => change({ user: id })} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Panel>

      {total > 0 && (
        <HStack justify="space-between" mt="4" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {`Showing ${first} to ${last} of ${total} changes`}
          </Text>
          <HStack gap="2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => change({ page: String(page - 1) })}>
              <ChevronLeft aria-hidden />
              Previous
            </Button>
            <Text fontSize="sm">{`${page} of ${pages}`}</Text>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => change({ page: String(page + 1) })}
            >
              Next
              <ChevronRight aria-hidden />
            </Button>
          </HStack>
        </HStack>
      )}
    </Stack>
  );
};

export default ChangeLogRoute;
