import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Progress } from '@chakra-ui/react/progress';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ClipboardCheck, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { paths } from '#shared/app-paths';
import { messages } from '#shared/messages';
import {
  DATA_BATCH_MAX_SELECTION,
  type DataBatchOutcome,
  type DataBatchPartReport,
} from '#shared/schemas/data-batches';
import { distributorLabels } from '#shared/schemas/distributors';
import { fieldLabel, type ComponentField } from '#shared/schemas/component';
import { batchProviders, type BatchProvider, type ImageBatch } from '#shared/schemas/images';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { startDataBatch, useDataBatchReport } from '../api/data-batch';
import { useComponentClasses } from '../api/get-component-classes';
import { useImageBatch } from '../api/get-image-batch';
import { percent } from './image-figures';

/** Which distributors the batch reads, in the administrator's words. */
const sourceLabels: Record<BatchProvider, string> = {
  both: 'Digi-Key, then Mouser',
  digikey: 'Digi-Key only',
  mouser: 'Mouser only',
};

const outcomeStyles: Record<DataBatchOutcome, { label: string; colorPalette: string }> = {
  filed: { label: 'Change filed', colorPalette: 'blue' },
  unchanged: { label: 'Up to date', colorPalette: 'green' },
  'not-found': { label: 'Not found', colorPalette: 'gray' },
  skipped: { label: 'Skipped', colorPalette: 'orange' },
};

/** A report's tally of one outcome, in words ('2 changes filed'). */
const outcomeCounts: Record<DataBatchOutcome, (count: number) => string> = {
  filed: (count) => `${count} change${count === 1 ? '' : 's'} filed`,
  unchanged: (count) => `${count} up to date`,
  'not-found': (count) => `${count} not found`,
  skipped: (count) => `${count} skipped`,
};

type Scope = 'class' | 'selection';

/** Part ids typed as a list ('12, 15 31'): the numbers, else the words that are not. */
export const readSelection = (text: string): { ids: number[] } | { error: string } => {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  if (words.length === 0) return { error: 'Enter at least one part ID' };
  const wrong = words.find((word) => !/^[1-9]\d*$/.test(word.replace(/^#/, '')));
  if (wrong) return { error: `"${wrong}" is not a part ID` };
  const ids = [...new Set(words.map((word) => Number(word.replace(/^#/, ''))))];
  if (ids.length > DATA_BATCH_MAX_SELECTION) return { error: `Select at most ${DATA_BATCH_MAX_SELECTION} parts` };
  return { ids };
};

/** One part's line of the report: the part, what was done, the fields filed and why not. */
const PartReportRow = ({ part }: { part: DataBatchPartReport }) => {
  const style = outcomeStyles[part.outcome];
  return (
    <Box
      as="li"
      py="3"
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
      data-testid={`data-batch-part-${part.componentId}`}
    >
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2">
        <Box minW="0">
          <AppLink to={paths.hub.component.href(part.componentId)} fontWeight="semibold" overflowWrap="anywhere">
            {part.reference ?? `Part #${part.componentId}`}
          </AppLink>
          {part.fields?.length ? (
            <Text fontSize="sm" color="fg.muted">
              Proposed: {part.fields.map((field) => fieldLabel(field as ComponentField)).join(', ')}
            </Text>
          ) : null}
          {part.replacementRequestId && (
            <Text fontSize="sm">Obsolete: its replacement in the catalogue is proposed as a link.</Text>
          )}
          {part.note && (
            <Text fontSize="sm" color="fg.muted">
              {part.note}
            </Text>
          )}
        </Box>
        <HStack gap="2" flexShrink={0} align="flex-start">
          {part.provider && (
            <Badge colorPalette="purple" variant="outline">
              {distributorLabels[part.provider]}
            </Badge>
          )}
          <Badge colorPalette={style.colorPalette} variant="subtle">
            {style.label}
          </Badge>
        </HStack>
      </Stack>
    </Box>
  );
};

/** The batch's progress and, part by part, what it did; its requests open in Bulk Review. */
const DataBatchReportView = ({ batch }: { batch: ImageBatch }) => {
  const running = batch.status === 'running';
  const { report, error } = useDataBatchReport(batch.batchId, running, batch.processed);
  const counts = report
    ? (Object.keys(outcomeStyles) as DataBatchOutcome[])
        .map((outcome) => [outcome, report.parts.filter((part) => part.outcome === outcome).length] as const)
        .filter(([, count]) => count > 0)
        .map(([outcome, count]) => outcomeCounts[outcome](count))
    : [];
  return (
    <Stack gap="3" aria-live="polite" data-testid="data-batch-report">
      <Progress.Root
        value={running ? percent(batch.processed, batch.total) : 100}
        max={100}
        colorPalette={batch.status === 'failed' ? 'red' : running ? 'blue' : 'green'}
      >
        <HStack justify="space-between" mb="1" gap="3" flexWrap="wrap">
          <Progress.Label>
            {running ? 'Refreshing' : `Last refresh: ${batch.status}`}
            {batch.componentClass ? ` · ${batch.componentClass}` : ''} · {sourceLabels[batch.provider]}
          </Progress.Label>
          <Text fontSize="sm" color="fg.muted" data-testid="data-batch-count">
            {batch.processed} / {batch.total}
          </Text>
        </HStack>
        <Progress.Track aria-label="Refresh progress">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {batch.message && (
        <Text fontSize="sm" role="status">
          {batch.message}
        </Text>
      )}
      {error ? (
        <Text color="red.600">{errorMessage(error, 'Could not load the report')}</Text>
      ) : report ? (
        <>
          <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" align={{ sm: 'center' }}>
            <Text fontSize="sm">{counts.length ? counts.join(' · ') : 'No part read yet.'}</Text>
            {report.requestIds.length > 0 && (
              <Button asChild size="sm" colorPalette="blue" variant="outline">
                <AppLink to={paths.hub.approvalQueue.href(batch.batchId)} textDecoration="none">
                  <ClipboardCheck size={16} aria-hidden /> Review {report.requestIds.length} request
                  {report.requestIds.length === 1 ? '' : 's'} together
                </AppLink>
              </Button>
            )}
          </Stack>
          {report.parts.length > 0 && (
            <Box as="ul" listStyleType="none" aria-label="Parts refreshed">
              {report.parts.map((part) => (
                <PartReportRow key={part.componentId} part={part} />
              ))}
            </Box>
          )}
        </>
      ) : null}
    </Stack>
  );
};

/**
 * "Refresh lifecycle and data": an administrator reads a class's parts, or a selection of them,
 * from the distributors; one change request is filed per part whose data differs (protected fields
 * left out), and the report says what was done with each. It shares the one batch slot and the day
 * budgets with image batches, so it waits while one of those runs.
 */
export const DataBatchPanel = () => {
  const { batch, reload } = useImageBatch();
  const classes = useComponentClasses();
  const [scope, setScope] = useState<Scope>('class');
  const [componentClass, setComponentClass] = useState('');
  const [selection, setSelection] = useState('');
  const [provider, setProvider] = useState<BatchProvider>('both');
  const [problem, setProblem] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  const running = batch?.status === 'running';
  const dataBatch = batch?.kind === 'data' ? batch : undefined;

  // A refresh that ends while the tab is open says so.
  const seenRunning = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!dataBatch) return;
    if (dataBatch.status === 'running') {
      seenRunning.current = dataBatch.batchId;
      return;
    }
    if (seenRunning.current !== dataBatch.batchId) return;
    seenRunning.current = undefined;
    notify(
      dataBatch.status === 'completed'
        ? {
            type: 'success',
            title: 'Refresh complete',
            description: `${dataBatch.processed} of ${dataBatch.total} parts read${dataBatch.message ? `. ${dataBatch.message}` : ''}`,
          }
        : { type: 'error', title: 'Refresh failed', description: dataBatch.message ?? messages.imageBatchFailed },
    );
  }, [dataBatch]);

  const start = async () => {
    let input;
    if (scope === 'class') {
      if (!componentClass) return setProblem('Choose the class to refresh');
      input = { provider, componentClass };
    } else {
      const read = readSelection(selection);
      if ('error' in read) return setProblem(read.error);
      input = { provider, componentIds: read.ids };
    }
    setProblem(undefined);
    setStarting(true);
    try {
      const answer = await startDataBatch(input);
      notify(
        answer.componentsToProcess === 0
          ? { type: 'info', title: 'Nothing to refresh', description: 'The class has no parts.' }
          : {
              type: 'success',
              title: 'Refresh started',
              description: `Reading ${answer.componentsToProcess} part${answer.componentsToProcess === 1 ? '' : 's'} from ${sourceLabels[provider]}`,
            },
      );
      await reload();
    } catch (error) {
      notify({ type: 'error', title: 'Refresh not started', description: errorMessage(error, 'Refresh not started') });
    } finally {
      setStarting(false);
    }
  };

  return (
    <Panel as="section" aria-labelledby="data-batch-heading">
      <HStack justify="space-between" mb="2" gap="3">
        <Heading as="h2" size="md" id="data-batch-heading">
          Refresh Lifecycle and Data
        </Heading>
        <Button variant="outline" size="sm" onClick={() => void reload()} aria-label="Refresh the batch's progress">
          <RefreshCw size={16} aria-hidden /> Refresh
        </Button>
      </HStack>
      <Text color="fg.muted" fontSize="sm" mb="4">
        Reads each part from the distributors and files one change request per part whose data differs, lifecycle first.
        Protected fields are left out; an obsolete part&apos;s replacement is proposed as a link when the catalogue
        holds it. Batches keep to the day budgets and leave part of each minute to people&apos;s searches.
      </Text>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <SelectField
            label="Refresh"
            value={scope}
            onChange={(event) => setScope(event.currentTarget.value as Scope)}
            options={[
              { value: 'class', label: 'A class' },
              { value: 'selection', label: 'Selected parts' },
            ]}
          />
          {scope === 'class' ? (
            <SelectField
              label="Component class"
              value={componentClass}
              onChange={(event) => setComponentClass(event.currentTarget.value)}
              error={problem}
              options={[
                { value: '', label: 'Choose a class' },
                ...classes.map((name) => ({ value: name, label: name })),
              ]}
            />
          ) : (
            <TextField
              label="Part IDs"
              value={selection}
              onChange={(event) => setSelection(event.currentTarget.value)}
              placeholder="12, 15, 31"
              helperText="The numbers in the parts' addresses, separated by commas or spaces"
              error={problem}
            />
          )}
          <SelectField
            label="Distributors"
            value={provider}
            onChange={(event) => setProvider(event.currentTarget.value as BatchProvider)}
            options={[...batchProviders].reverse().map((value) => ({ value, label: sourceLabels[value] }))}
          />
        </SimpleGrid>
        <Box>
          <Button
            colorPalette="blue"
            onClick={() => void start()}
            disabled={running || starting}
            loading={starting || (running && dataBatch !== undefined)}
            loadingText="Refreshing"
          >
            <RefreshCw size={16} aria-hidden /> Refresh lifecycle and data
          </Button>
        </Box>
        {running && !dataBatch && (
          <InlineAlert status="info">An image batch is running; a refresh can start when it ends.</InlineAlert>
        )}
        {dataBatch && <DataBatchReportView batch={dataBatch} />}
      </Stack>
    </Panel>
  );
};
