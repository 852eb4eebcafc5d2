import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Text } from '@chakra-ui/react/text';
import { Gauge, ImageIcon, Package } from 'lucide-react';
import { Panel } from '#web/components/ui/page.tsx';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { useImageStats } from '../api/get-image-stats';
import { percent } from './image-figures';

/** The Overview tab's image cards: coverage, the catalogue's size, the distributor success rate. */
export const ImageOverviewCards = () => {
  const { stats, error } = useImageStats();
  const failed = error ? '–' : undefined;
  return (
    <>
      <StatCard
        label="Components with Images"
        icon={<ImageIcon size={18} aria-hidden />}
        value={stats?.componentsWithImages ?? failed}
        help={
          stats
            ? `${percent(stats.componentsWithImages, stats.totalComponents)}% coverage`
            : error
              ? 'Failed to load image statistics'
              : undefined
        }
      />
      <StatCard
        label="Total Components"
        icon={<Package size={18} aria-hidden />}
        value={stats?.totalComponents ?? failed}
        help={stats ? `${stats.componentsWithoutImages} need images` : undefined}
      />
      <StatCard
        label="Image Success Rate"
        icon={<Gauge size={18} aria-hidden />}
        value={stats ? `${stats.imageSuccessRate}%` : failed}
        help="From distributor APIs"
      />
    </>
  );
};

const CLASSES_SHOWN = 12;

/** How much of each class has an image: one bar per class, the largest classes first. */
export const ImageCoverageChart = () => {
  const { stats } = useImageStats();
  const rows = stats?.byClass.slice(0, CLASSES_SHOWN);
  return (
    <Panel as="section" aria-labelledby="image-coverage-heading">
      <Heading as="h2" size="md" id="image-coverage-heading" mb="4">
        Image coverage by class
      </Heading>
      {!rows ? (
        <Stack gap="3">
          {Array.from({ length: 4 }, (_, n) => (
            <Skeleton key={n} height="5" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">No components yet.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {rows.map((row) => {
            const share = percent(row.withImages, row.total);
            return (
              <Box as="li" key={row.componentClass}>
                <HStack justify="space-between" fontSize="sm" mb="1" gap="3">
                  <Text fontWeight="medium" truncate>
                    {row.componentClass}
                  </Text>
                  <Text color="fg.muted" flexShrink={0}>
                    {row.withImages} of {row.total} ({share}%)
                  </Text>
                </HStack>
                <Box h="2.5" bg="gray.100" borderRadius="full" overflow="hidden" role="presentation">
                  <Box h="full" w={`${share}%`} bg="blue.600" borderRadius="full" />
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
};
