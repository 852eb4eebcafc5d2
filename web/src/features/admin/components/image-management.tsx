import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Progress } from '@chakra-ui/react/progress';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '#shared/messages';
import { distributorLabels } from '#shared/schemas/distributors';
import {
  batchProviderLabels,
  batchProviders,
  RECENTLY_PROCESSED_SHOWN,
  type BatchProvider,
  type DistributorStatus,
  type ImageBatch,
  type RecentImage,
} from '#shared/schemas/images';
import { paths } from '#shared/app-paths';
import { errorMessage } from '#web/lib/api-client.ts';
import { AppLink } from '#web/components/ui/link.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { useComponentClasses } from '../api/get-component-classes';
import { useImageBatch } from '../api/get-image-batch';
import { useImageStats } from '../api/get-image-stats';
import { useRecentImages } from '../api/get-recent-images';
import { startImageBatch } from '../api/start-image-batch';
import { batchCounts, confidenceVariant, percent, truncateDescription, type ConfidenceVariant } from './image-figures';
import { formatDate } from '#web/lib/dates.ts';

/** The toast title when a batch cannot be started. */
const startFailedTitles: Record<BatchProvider, string> = {
  digikey: messages.digikeyProcessingFailed,
  mouser: messages.mouserProcessingFailed,
  both: messages.unifiedProcessingFailed,
};
const providerWords: Record<BatchProvider, string> = {
  digikey: 'Digi-Key',
  mouser: 'Mouser',
  both: 'Smart Search (Digi-Key, then Mouser)',
};
const badgeStyles: Record<ConfidenceVariant, { colorPalette: string; variant: 'solid' | 'subtle' }> = {
  default: { colorPalette: 'blue', variant: 'solid' },
  secondary: { colorPalette: 'gray', variant: 'subtle' },
  destructive: { colorPalette: 'red', variant: 'solid' },
};

const ALL_CLASSES = '';

/** The running or latest batch: what it does, a progress bar, and its counts. */
const BatchProgress = ({ batch }: { batch: ImageBatch }) => {
  const running = batch.status === 'running';
  const value = running ? percent(batch.processed, batch.total) : 100;
  return (
    <Stack gap="2" aria-live="polite">
      <Progress.Root
        value={value}
        max={100}
        colorPalette={batch.status === 'failed' ? 'red' : running ? 'blue' : 'green'}
      >
        <HStack justify="space-between" mb="1" gap="3" flexWrap="wrap">
          <Progress.Label>
            {batch.kind === 'data' ? 'Lifecycle and data refresh · ' : ''}
            {running
              ? `${batchProviderLabels[batch.provider]}: processing`
              : `Last batch (${batchProviderLabels[batch.provider]}): ${batch.status}`}
            {batch.componentClass ? ` · ${batch.componentClass}` : ' · all classes'}
          </Progress.Label>
          <Text fontSize="sm" color="fg.muted" data-testid="batch-progress-count">
            {batch.processed} / {batch.total}
          </Text>
        </HStack>
        <Progress.Track aria-label="Batch progress">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted">
        {batchCounts(batch)}
        {batch.message ? `. ${batch.message}` : ''}
      </Text>
    </Stack>
  );
};

const distributorStates: Record<DistributorStatus['state'], { label: string; colorPalette: string }> = {
  ready: { label: 'Ready', colorPalette: 'green' },
  'daily-limit': { label: 'Daily limit reached', colorPalette: 'red' },
  'budget-spent': { label: 'Day budget used', colorPalette: 'red' },
  'search-share-spent': { label: 'Batches only', colorPalette: 'orange' },
};

/**
 * Each distributor's standing today: requests used of its day budget and, when it cannot be
 * asked (its own daily limit, the day budget, the share per-part searches may use), why, in the
 * server's words, so an administrator knows before starting a batch.
 */
const DistributorStatusList = ({ statuses }: { statuses: readonly DistributorStatus[] }) => (
  <Stack as="ul" gap="3" listStyleType="none" aria-labelledby="distributors-heading">
    {statuses.map((status) => {
      const state = distributorStates[status.state];
      const label = distributorLabels[status.provider];
      return (
        <Box
          as="li"
          key={status.provider}
          borderWidth="1px"
          borderColor={status.state === 'ready' ? 'border' : `${state.colorPalette}.muted`}
          borderRadius="md"
          p="3"
          data-testid={`distributor-${status.provider}`}
        >
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <Text fontWeight="semibold">{label}</Text>
            <Badge colorPalette={state.colorPalette} variant="subtle">
              {state.label}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {status.usedToday} of {status.dailyLimit} requests used today ({status.searchShare} for part searches)
          </Text>
          {status.message && (
            <Text fontSize="sm" mt="1" role="status">
              {status.message}
            </Text>
          )}
        </Box>
      );
    })}
  </Stack>
);

const RecentImageRow = ({ image }: { image: RecentImage }) => {
  const style = badgeStyles[confidenceVariant(image.sourceConfidence)];
  const source =
    image.imageSource in distributorLabels
      ? distributorLabels[image.imageSource as keyof typeof distributorLabels]
      : image.imageSource;
  return (
    <Box as="li" py="3" borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2">
        <Box minW="0">
          <AppLink to={paths.hub.component.href(image.id)} fontWeight="semibold">
            {image.reference}
          </AppLink>
          <Text fontSize="sm" color="fg.muted">
            {[image.manufacturer, image.class, `Added ${formatDate(image.imageAddedAt)}`].filter(Boolean).join(' · ')}
          </Text>
          {image.description && <Text fontSize="sm">{truncateDescription(image.description)}</Text>}
        </Box>
        <HStack gap="2" flexShrink={0} align="flex-start">
          <Badge colorPalette="purple" variant="outline">
            {source}
          </Badge>
          <Badge
            colorPalette={style.colorPalette}
            variant={style.variant}
            data-variant={confidenceVariant(image.sourceConfidence)}
          >
            {Math.round(image.sourceConfidence * 100)}%
          </Badge>
        </HStack>
      </Stack>
    </Box>
  );
};

/**
 * The Image Management tab: counts, the class filter, the three batch actions (one at
 * a time), the running batch's progress, the last parts processed and the recent images.
 */
export const ImageManagement = () => {
  const { batch, reload: reloadBatch } = useImageBatch();
  const { stats, reload: reloadStats, isValidating } = useImageStats(batch?.status === 'running');
  const { images, reload: reloadImages } = useRecentImages();
  const classes = useComponentClasses();
  const [componentClass, setComponentClass] = useState(ALL_CLASSES);
  const [starting, setStarting] = useState<BatchProvider | undefined>();
  const running = batch?.status === 'running';
  const busy = running || starting !== undefined;

  // A batch that ends while the page is open: its counts as a toast, and fresh figures.
  const seenRunning = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!batch) return;
    if (batch.status === 'running') {
      seenRunning.current = batch.batchId;
      return;
    }
    if (seenRunning.current !== batch.batchId) return;
    seenRunning.current = undefined;
    // A lifecycle and data refresh shares the batch slot; its end is told on its own tab.
    if (batch.kind === 'data') return;
    if (batch.status === 'completed')
      notify({
        type: 'success',
        title: 'Image processing complete',
        description: `${batchCounts(batch)}${batch.message ? `. ${batch.message}` : ''}`,
      });
    else
      notify({
        type: 'error',
        title: 'Image processing failed',
        description: batch.message ?? messages.imageBatchFailed,
      });
    void reloadStats();
    void reloadImages();
  }, [batch, reloadStats, reloadImages]);

  const start = async (provider: BatchProvider) => {
    setStarting(provider);
    try {
      const answer = await startImageBatch(provider, componentClass || undefined);
      if (answer.componentsToProcess === 0) {
        notify({
          type: 'info',
          title: 'No components need images',
          description: `Every component${componentClass ? ` of class ${componentClass}` : ''} already has an image.`,
        });
      } else {
        notify({
          type: 'success',
          title: 'Image processing started',
          description: `Processing ${answer.componentsToProcess} components with ${providerWords[provider]}`,
        });
      }
      await reloadBatch();
    } catch (error) {
      notify({
        type: 'error',
        title: startFailedTitles[provider],
        description: errorMessage(error, startFailedTitles[provider]),
      });
    } finally {
      setStarting(undefined);
    }
  };

  const refresh = () => Promise.all([reloadStats(), reloadImages(), reloadBatch()]);
  const recentlyProcessed = stats?.recentlyProcessed.slice(0, RECENTLY_PROCESSED_SHOWN);

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <StatCard label="With Images" value={stats?.componentsWithImages} />
        <StatCard label="Need Images" value={stats?.componentsWithoutImages} />
        <StatCard label="Success Rate" value={stats ? `${stats.imageSuccessRate}%` : undefined} />
      </SimpleGrid>

      <Panel as="section" aria-labelledby="batch-heading">
        <HStack justify="space-between" mb="4" gap="3">
          <Heading as="h2" size="md" id="batch-heading">
            Batch Image Retrieval
          </Heading>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void refresh()}
            loading={isValidating}
            aria-label="Refresh image statistics"
          >
            <RefreshCw size={16} aria-hidden /> Refresh
          </Button>
        </HStack>
        <Stack gap="4">
          <Box maxW={{ md: 'sm' }}>
            <SelectField
              label="Component class"
              value={componentClass}
              onChange={(event) => setComponentClass(event.currentTarget.value)}
              options={[
                { value: ALL_CLASSES, label: 'All classes' },
                ...classes.map((name) => ({ value: name, label: name })),
              ]}
            />
          </Box>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            {batchProviders.map((provider) => (
              <Button
                key={provider}
                colorPalette={provider === 'both' ? 'blue' : 'gray'}
                variant={provider === 'both' ? 'solid' : 'outline'}
                onClick={() => void start(provider)}
                disabled={busy}
                loading={starting === provider || (running && batch?.provider === provider)}
                loadingText={batchProviderLabels[provider]}
              >
                {batchProviderLabels[provider]}
              </Button>
            ))}
          </Stack>
          {batch && <BatchProgress batch={batch} />}
        </Stack>
      </Panel>

      {stats?.distributors?.length ? (
        <Panel as="section" aria-labelledby="distributors-heading">
          <Heading as="h2" size="md" id="distributors-heading" mb="4">
            Distributors Today
          </Heading>
          <DistributorStatusList statuses={stats.distributors} />
        </Panel>
      ) : null}

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Panel as="section" aria-labelledby="processed-heading">
          <Heading as="h2" size="md" id="processed-heading" mb="4">
            Recently Processed
          </Heading>
          {!recentlyProcessed ? null : recentlyProcessed.length === 0 ? (
            <Text color="fg.muted">Nothing processed yet.</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none">
              {recentlyProcessed.map((item, index) => (
                <HStack as="li" key={`${item.partNumber}-${index}`} justify="space-between" gap="3">
                  <Text fontFamily="mono" fontSize="sm" truncate>
                    {item.partNumber}
                  </Text>
                  <Badge colorPalette={item.success ? 'green' : 'red'} variant="subtle">
                    {item.success ? 'Success' : 'Failed'}
                  </Badge>
                </HStack>
              ))}
            </Stack>
          )}
        </Panel>
        <Panel as="section" aria-labelledby="recent-images-heading" gridColumn={{ lg: 'span 2' }}>
          <Heading as="h2" size="md" id="recent-images-heading" mb="2">
            Recently Added Images (By Accuracy)
          </Heading>
          {!images ? null : images.length === 0 ? (
            <Text color="fg.muted">No recent images found</Text>
          ) : (
            <Box as="ul" listStyleType="none">
              {images.map((image) => (
                <RecentImageRow key={image.id} image={image} />
              ))}
            </Box>
          )}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
};
