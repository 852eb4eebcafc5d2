import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Collapsible } from '@chakra-ui/react/collapsible';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, ChevronDown, SlidersHorizontal } from 'lucide-react';
import {
  componentFieldLabels,
  searchFacetFields,
  type SearchFacetField,
  type SearchFacets,
} from '#shared/schemas/component';
import type { SearchCriteria } from '../utils/search-params';

interface SearchFacetsProps {
  /** Undefined while the first page loads. */
  facets: SearchFacets | undefined;
  criteria: SearchCriteria;
  /** Filter on the value, or (undefined) stop filtering on the field. */
  onSelect: (field: SearchFacetField, value: string | undefined) => void;
}

/** Whether there is anything to show beside the results. */
export const hasFacets = (facets: SearchFacets | undefined): facets is SearchFacets =>
  facets !== undefined && searchFacetFields.some((field) => facets[field].length > 0);

const same = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The top values of one field among the results, each a toggle that filters on it. */
const FacetGroup = ({
  field,
  values,
  selected,
  onSelect,
}: {
  field: SearchFacetField;
  values: SearchFacets[SearchFacetField];
  selected: string | undefined;
  onSelect: SearchFacetsProps['onSelect'];
}) => {
  const headingId = `facet-${field}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" id={headingId} size="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted" mb="1">
        {componentFieldLabels[field]}
      </Heading>
      {values.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          None
        </Text>
      ) : (
        <Stack as="ul" gap="0.5" listStyleType="none">
          {values.map(({ value, count }) => {
            const active = same(selected, value);
            return (
              <li key={value}>
                <Button
                  variant={active ? 'subtle' : 'ghost'}
                  colorPalette={active ? 'blue' : 'gray'}
                  size="sm"
                  width="full"
                  justifyContent="space-between"
                  fontWeight={active ? 'semibold' : 'normal'}
                  aria-pressed={active}
                  onClick={() => onSelect(field, active ? undefined : value)}
                >
                  <Text as="span" truncate display="flex" alignItems="center" gap="1.5" title={value}>
                    {active && <Check aria-hidden />}
                    {value}
                  </Text>
                  <Text as="span" color="fg.muted" fontVariantNumeric="tabular-nums" aria-hidden>
                    {count.toLocaleString('en')}
                  </Text>
                  <Text as="span" srOnly>{`, ${count} results`}</Text>
                </Button>
              </li>
            );
          })}
        </Stack>
      )}
    </Box>
  );
};

const FacetGroups = ({
  facets,
  criteria,
  onSelect,
}: Required<Pick<SearchFacetsProps, 'facets'>> & SearchFacetsProps) => (
  <Stack gap="5">
    {searchFacetFields.map((field) => (
      <FacetGroup key={field} field={field} values={facets![field]} selected={criteria[field]} onSelect={onSelect} />
    ))}
  </Stack>
);

/**
 * Beside the results: the most common classes, manufacturers and types of everything found, with
 * how many results each would leave; choosing one filters on it, choosing it again lets it go.
 * A column from 1536 px; narrower, a 'Refine results' section above the results that opens, so the
 * table keeps the width it needs.
 */
export const SearchFacetsPanel = ({ facets, criteria, onSelect }: SearchFacetsProps) => {
  if (!hasFacets(facets)) return null;
  return (
    <Box as="nav" aria-label="Refine results">
      <Box display={{ base: 'none', '2xl': 'block' }}>
        <Heading as="h2" size="sm" mb="3" display="flex" alignItems="center" gap="2">
          <SlidersHorizontal aria-hidden size="16" />
          Refine results
        </Heading>
        <FacetGroups facets={facets} criteria={criteria} onSelect={onSelect} />
      </Box>
      <Collapsible.Root display={{ base: 'block', '2xl': 'none' }} mb="4">
        <Collapsible.Trigger asChild>
          <Button variant="outline" size="sm" width="full" justifyContent="space-between">
            <Text as="span" display="flex" alignItems="center" gap="2">
              <SlidersHorizontal aria-hidden />
              Refine results
            </Text>
            <ChevronDown aria-hidden />
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Box pt="3">
            <FacetGroups facets={facets} criteria={criteria} onSelect={onSelect} />
          </Box>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  );
};
