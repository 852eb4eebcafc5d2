import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { Fragment } from 'react';
import type { SearchSuggestion } from '#shared/schemas/component';
import { AppLink } from '#web/components/ui/link.tsx';
import { listSearchParams, type SearchCriteria } from '../utils/search-params';

/**
 * 'Did you mean …' under an empty result: each search the API offers, as a link to the list
 * with that text in place of the one that found nothing (the rest of the search kept).
 */
export const DidYouMean = ({
  suggestions,
  criteria,
}: {
  suggestions: readonly SearchSuggestion[];
  criteria: SearchCriteria;
}) => {
  if (suggestions.length === 0) return null;
  return (
    <Box mt="3" textAlign="center" data-testid="did-you-mean">
      <Text as="span">Did you mean </Text>
      {suggestions.map((suggestion, index) => (
        <Fragment key={`${suggestion.field}:${suggestion.text}`}>
          {index > 0 && <Text as="span">{index === suggestions.length - 1 ? ' or ' : ', '}</Text>}
          <AppLink
            to={`?${listSearchParams({ criteria: { ...criteria, [suggestion.field]: suggestion.text }, page: 1 }).toString()}`}
            fontWeight="semibold"
          >
            {suggestion.text}
          </AppLink>
        </Fragment>
      ))}
      <Text as="span">?</Text>
    </Box>
  );
};
