import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router';
import { draftTitle } from '#shared/schemas/drafts';
import { paths } from '#shared/app-paths';
import { formatDateTime } from '#web/lib/dates.ts';
import { useDrafts } from '#web/lib/drafts.ts';
import { ListCard } from './list-card';

/** Dashboard: 'Your drafts', each reopened in Add New Component. Shown once the person has one. */
export const YourDrafts = () => {
  const { drafts } = useDrafts();
  if (!drafts?.length) return null;
  return (
    <ListCard
      title="Your drafts"
      items={drafts}
      empty=""
      itemKey={(draft) => draft.id}
      renderItem={(draft) => (
        <>
          <Stack gap="0" minWidth="0">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {draftTitle(draft)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Saved <time dateTime={draft.updatedAt}>{formatDateTime(draft.updatedAt)}</time>
            </Text>
          </Stack>
          <Button asChild size="sm" variant="outline" flexShrink={0}>
            <RouterLink to={paths.hub.addComponent.href(draft.id)} aria-label={`Continue draft ${draftTitle(draft)}`}>
              Continue
            </RouterLink>
          </Button>
        </>
      )}
    />
  );
};
