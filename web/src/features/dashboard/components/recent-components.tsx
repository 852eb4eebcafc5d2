import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router';
import { paths } from '#shared/app-paths';
import { useRecentComponents } from '../api/get-recent-components';
import { ListCard } from './list-card';
import { formatDateTime } from '#web/lib/dates.ts';

/**
 * Dashboard: 'Recent Components', the reference, when it was viewed and a 'View' link;
 * a part deleted since says so instead of leading to a page that is gone.
 */
export const RecentComponents = () => {
  const { views } = useRecentComponents();
  return (
    <ListCard
      title="Recent Components"
      items={views}
      empty="No recent components."
      itemKey={(view) => view.id}
      renderItem={(view) => (
        <>
          <Stack gap="0" minWidth="0">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {view.componentReference}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Viewed at <time dateTime={view.viewedAt}>{formatDateTime(view.viewedAt)}</time>
            </Text>
            {view.deleted && (
              <Text fontSize="sm" color="fg.muted">
                This part has been deleted.
              </Text>
            )}
          </Stack>
          {view.deleted ? (
            <Badge colorPalette="gray" variant="subtle" flexShrink={0}>
              Deleted
            </Badge>
          ) : (
            <Button asChild size="sm" variant="outline" flexShrink={0}>
              <RouterLink to={paths.hub.component.href(view.id)} aria-label={`View ${view.componentReference}`}>
                View
              </RouterLink>
            </Button>
          )}
        </>
      )}
    />
  );
};
