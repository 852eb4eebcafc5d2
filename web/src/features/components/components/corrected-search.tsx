import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import type { SearchCorrection } from '#shared/schemas/component';
import { AppLink } from '#web/components/ui/link.tsx';
import { listSearchParams, type SearchCriteria } from '../utils/search-params';

/**
 * Above results the API found for a correction of a search that found nothing: which text was
 * searched, and a link that searches the text as typed, without correcting it.
 */
export const CorrectedSearch = ({
  correction,
  criteria,
}: {
  correction: SearchCorrection;
  criteria: SearchCriteria;
}) => {
  const asTyped = listSearchParams({
    criteria: { ...criteria, [correction.field]: correction.original, asTyped: 'true' },
    page: 1,
  });
  return (
    <Box mb="3" data-testid="corrected-search">
      <Text>
        Showing results for <strong>{correction.text}</strong>
        {' — search instead for '}
        <AppLink to={`?${asTyped.toString()}`} fontWeight="semibold">
          {correction.original}
        </AppLink>
      </Text>
    </Box>
  );
};
