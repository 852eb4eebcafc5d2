import { Badge } from '@chakra-ui/react/badge';
import { HStack } from '@chakra-ui/react/stack';
import { searchKeyLabel, searchValueText, type SearchCriteria, type SearchKey } from '../utils/search-params';

/**
 * The search in effect, as badges: the quick search box empties after each search,
 * so this is where the reader sees what the results are for.
 */
export const ActiveCriteria = ({ criteria }: { criteria: SearchCriteria }) => {
  // The order is shown by the column headers, and a search taken as typed by the results
  // header, not here.
  const entries = (Object.entries(criteria) as [SearchKey, string][]).filter(
    ([key]) => key !== 'sort' && key !== 'order' && key !== 'asTyped',
  );
  if (entries.length === 0) return null;
  return (
    <HStack as="ul" aria-label="Search in effect" gap="2" wrap="wrap" listStyleType="none" mb="3">
      {entries.map(([key, value]) => (
        <Badge as="li" key={key} colorPalette="blue" variant="subtle" size="md" maxWidth="full">
          <span>{searchKeyLabel(key)}:</span>{' '}
          <strong style={{ overflowWrap: 'anywhere' }}>{searchValueText(key, value)}</strong>
        </Badge>
      ))}
    </HStack>
  );
};
