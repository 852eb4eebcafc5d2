import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Heading } from '@chakra-ui/react/heading';
import { Progress } from '@chakra-ui/react/progress';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { messages } from '#shared/messages';
import type { CatalogueField } from '#shared/schemas/component';
import type { ImportAction, ImportColumn, ImportJobResponse } from '#shared/schemas/import';
import { Panel } from '#web/components/ui/page.tsx';
import { fetchAllRows, type RowFilter } from '../api/import-excel';
import { ColumnMapping } from './column-mapping';
import { ImportRows } from './import-rows';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

const totals: { action: ImportAction; label: string; help: string }[] = [
  { action: 'create', label: 'Create', help: 'new parts' },
  { action: 'update', label: 'Update', help: 'parts with changed fields' },
  { action: 'unchanged', label: 'Unchanged', help: 'parts already as in the file' },
  { action: 'skip', label: 'Skip', help: 'rows not imported, with why' },
];

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** The result with the counts imported and skipped, here with every count the commit kept. */
const resultText = (job: ImportJobResponse) => {
  const { written } = job;
  return [
    `${plural(written.created, 'component')} imported`,
    `${written.updated.toLocaleString('en-US')} updated`,
    `${written.unchanged.toLocaleString('en-US')} unchanged`,
    `${plural(written.skipped, 'row')} skipped`,
    ...(written.conflict ? [`${plural(written.conflict, 'conflict')} (changed meanwhile, not written)`] : []),
    ...(written.excluded ? [`${written.excluded.toLocaleString('en-US')} left out`] : []),
  ].join(', ');
};

export interface ImportViewProps {
  job: ImportJobResponse;
  filter: RowFilter;
  onFilter: (filter: RowFilter) => void;
  onPage: (offset: number) => void;
  excluded: ReadonlySet<number>;
  onTick: (row: number, included: boolean) => void;
  onColumn: (column: ImportColumn, field: CatalogueField | null) => void;
  onEmptyCellsClear: (clear: boolean) => void;
  onCommit: () => void;
  /** A change of the preview or the commit's start is on its way. */
  busy: boolean;
}

/** An import: its totals, columns and rows while previewed; its progress while committed; its result after. */
export const ImportView = ({
  job,
  filter,
  onFilter,
  onPage,
  excluded,
  onTick,
  onColumn,
  onEmptyCellsClear,
  onCommit,
  busy,
}: ImportViewProps) => {
  const [saving, setSaving] = useState(false);
  const previewing = job.state === 'previewing';
  const previewed = job.state === 'previewed';
  const committing = job.state === 'committing';
  const commitFailed = job.state === 'failed' && job.commitStartedAt !== null;
  const previewFailed = job.state === 'failed' && !commitFailed;
  const writing = job.preview.create + job.preview.update;
  const toWrite = Math.max(0, writing - excluded.size);
  const percent = job.rowsTotal ? Math.round((100 * job.rowsDone) / job.rowsTotal) : 0;

  const download = async () => {
    setSaving(true);
    try {
      const [{ saveReportWorkbook }, rows] = await Promise.all([
        import('../utils/report-workbook'),
        fetchAllRows(job.importId, job.rowsTotal),
      ]);
      saveReportWorkbook(job, rows);
    } catch (error) {
      console.error('Could not build the import report', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="5">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Box minWidth="0">
          <Heading as="h2" size="lg" overflowWrap="anywhere">
            {job.fileName}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {job.sheetName ? `Sheet '${job.sheetName}', ` : ''}
            {plural(job.rowsTotal, 'row')} · uploaded by {job.createdBy}
          </Text>
        </Box>
        <Badge size="lg" colorPalette={job.state === 'failed' ? 'red' : job.state === 'completed' ? 'green' : 'blue'}>
          {job.state}
        </Badge>
      </HStack>

      {previewing && (
        <HStack gap="3" role="status">
          <Spinner size="sm" />
          <Text>Reading the workbook and comparing it with the catalogue...</Text>
        </HStack>
      )}

      {previewFailed && (
        <InlineAlert status="error" title={messages.importFailedTitle}>
          {job.message}
        </InlineAlert>
      )}

      {!previewing && !previewFailed && (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" role="group" aria-label="Totals">
          {totals.map(({ action, label, help }) => (
            <Button
              key={action}
              variant={filter === action ? 'subtle' : 'outline'}
              height="auto"
              py="3"
              flexDirection="column"
              alignItems="flex-start"
              aria-pressed={filter === action}
              onClick={() => onFilter(filter === action ? 'all' : action)}
              data-testid={`total-${action}`}
            >
              <Text fontSize="sm" color="fg.muted">
                {label}
              </Text>
              <Text fontSize="2xl" fontWeight="bold" lineHeight="short">
                {job.preview[action].toLocaleString('en-US')}
              </Text>
              <Text fontSize="xs" color="fg.muted" whiteSpace="normal" textAlign="start">
                {help}
              </Text>
            </Button>
          ))}
        </SimpleGrid>
      )}

      {committing && (
        <Progress.Root value={percent} max={100} colorPalette="blue" aria-live="polite">
          <HStack justify="space-between" mb="1" gap="3" wrap="wrap">
            <Progress.Label>Writing to the catalogue...</Progress.Label>
            <Text fontSize="sm" color="fg.muted" data-testid="import-progress-count">
              {job.rowsDone.toLocaleString('en-US')} / {job.rowsTotal.toLocaleString('en-US')} rows
            </Text>
          </HStack>
          <Progress.Track aria-label="Import progress">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}

      {job.state === 'completed' && (
        <InlineAlert status="success" role="status" title={messages.importSucceededTitle}>
          <span data-testid="import-result">{resultText(job)}.</span>
        </InlineAlert>
      )}

      {commitFailed && (
        <InlineAlert status="error" title={messages.importFailedTitle}>
          {job.message} So far: {resultText(job)}.
        </InlineAlert>
      )}

      {(previewed || commitFailed) && (
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="blue" onClick={onCommit} loading={busy} disabled={busy || (previewed && toWrite === 0)}>
            <Upload aria-hidden />
            {commitFailed ? 'Commit the rest' : `Import ${plural(toWrite, 'row')}`}
          </Button>
          {previewed && excluded.size > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {plural(excluded.size, 'row')} left out
            </Text>
          )}
        </HStack>
      )}

      {previewed && (
        <Panel p={{ base: '3', md: '4' }}>
          <Stack gap="4">
            <Checkbox.Root
              checked={job.emptyCellsClear}
              disabled={busy}
              onCheckedChange={(event) => onEmptyCellsClear(event.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Empty cells clear fields</Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="sm" color="fg.muted" mt="-2">
              Unticked, an empty cell leaves the stored value as it is.
            </Text>
            <ColumnMapping columns={job.columns} disabled={busy} onChange={onColumn} />
            {job.ignoredColumns.length > 0 && (
              <Text fontSize="sm" color="fg.muted">
                Columns not imported: {job.ignoredColumns.join(', ')}
              </Text>
            )}
          </Stack>
        </Panel>
      )}

      {!previewing && !previewFailed && (
        <Stack gap="2">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              Rows
            </Heading>
            <Button variant="outline" size="sm" onClick={() => void download()} loading={saving}>
              <Download aria-hidden />
              Download report
            </Button>
          </HStack>
          <ImportRows
            rows={job.rows}
            rowsMatching={job.rowsMatching}
            offset={job.offset}
            filter={filter}
            onFilter={onFilter}
            onPage={onPage}
            excluded={previewed ? excluded : new Set(job.excludedRows)}
            {...(previewed ? { onTick } : {})}
            showConflicts={job.written.conflict > 0}
          />
        </Stack>
      )}
    </Stack>
  );
};
