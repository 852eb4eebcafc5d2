import { Accordion } from '@chakra-ui/react/accordion';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Heading } from '@chakra-ui/react/heading';
import { useBreakpointValue } from '@chakra-ui/react/hooks';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import {
  componentFieldLabels,
  componentFieldUnits,
  rangeParam,
  searchFacetFields,
  searchNumberColumn,
  searchNumberLabel,
  type SearchFacetField,
  type SearchFacets,
  type SearchNumberFacet,
  type SearchNumberFilterField,
} from '#shared/schemas/component';
import { choiceText, chosenValues, toggleChoice, type SearchCriteria } from '../utils/search-params';

interface SearchFacetsProps {
  /** Undefined while the first page loads. */
  facets: SearchFacets | undefined;
  criteria: SearchCriteria;
  /** The search with a value chosen or let go. */
  onChange: (criteria: SearchCriteria) => void;
}

/** Whether there is anything to show beside the results. */
export const hasFacets = (facets: SearchFacets | undefined): facets is SearchFacets =>
  facets !== undefined && (searchFacetFields.some((field) => facets[field].length > 0) || facets.numbers.length > 0);

/** One choice: a toggle with its count (what choosing it shows). */
const Choice = ({
  label,
  count,
  active,
  onToggle,
}: {
  label: string;
  count: number;
  active: boolean;
  onToggle: () => void;
}) => (
  <li>
    <Button
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'blue' : 'gray'}
      size="sm"
      width="full"
      justifyContent="space-between"
      fontWeight={active ? 'semibold' : 'normal'}
      aria-pressed={active}
      onClick={onToggle}
    >
      <Text as="span" truncate display="flex" alignItems="center" gap="1.5" title={label}>
        {active && <Check aria-hidden />}
        {label}
      </Text>
      <Text as="span" color="fg.muted" fontVariantNumeric="tabular-nums" aria-hidden>
        {count.toLocaleString('en')}
      </Text>
      <Text as="span" srOnly>{`, ${count} results`}</Text>
    </Button>
  </li>
);

const number = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 3 });

/** A numeric filter's ranges: choosing one sets the filter's from–to, choosing it again lets it go. */
const numberRanges = (facet: SearchNumberFacet, criteria: SearchCriteria, onChange: SearchFacetsProps['onChange']) => {
  const field = facet.field as SearchNumberFilterField;
  const min = rangeParam(field, 'Min');
  const max = rangeParam(field, 'Max');
  const unit = componentFieldUnits[searchNumberColumn(field)];
  return facet.ranges.map((range) => {
    const active = criteria[min] === String(range.min) && criteria[max] === String(range.max);
    const { [min]: _min, [max]: _max, ...rest } = criteria;
    const label = `${number(range.min)}${range.max === range.min ? '' : ` – ${number(range.max)}`}${unit ? ` ${unit}` : ''}`;
    return (
      <Choice
        key={`${range.min} ${range.max}`}
        label={label}
        count={range.count}
        active={active}
        onToggle={() => onChange(active ? rest : { ...rest, [min]: String(range.min), [max]: String(range.max) })}
      />
    );
  });
};

/**
 * Every facet as a collapsible group: a field's values (several chosen ones combine with OR), a
 * numeric filter's ranges. Groups with a choice, and the first two, start open.
 */
const FacetGroups = ({ facets, criteria, onChange }: SearchFacetsProps & { facets: SearchFacets }) => {
  const textGroups = searchFacetFields
    .filter((field) => facets[field].length > 0)
    .map((field) => {
      const chosen = chosenValues(criteria, field).map((value) => value.toLowerCase());
      return {
        id: field,
        title: componentFieldLabels[field],
        chosen: chosen.length,
        choices: facets[field].map(({ value, count }) => (
          <Choice
            key={value}
            label={choiceText(field, value)}
            count={count}
            active={chosen.includes(value.toLowerCase())}
            onToggle={() => onChange(toggleChoice(criteria, field as SearchFacetField, value))}
          />
        )),
      };
    });
  const numberGroups = facets.numbers.map((facet) => {
    const field = facet.field as SearchNumberFilterField;
    return {
      id: field,
      title: searchNumberLabel(field),
      chosen: criteria[rangeParam(field, 'Min')] || criteria[rangeParam(field, 'Max')] ? 1 : 0,
      choices: numberRanges(facet, criteria, onChange),
    };
  });
  const groups = [...textGroups, ...numberGroups];
  const [open, setOpen] = useState<string[]>(() =>
    groups.filter((group, index) => index < 2 || group.chosen > 0).map((group) => group.id),
  );
  return (
    <Accordion.Root multiple value={open} onValueChange={(details) => setOpen(details.value)} size="sm">
      {groups.map((group) => (
        <Accordion.Item key={group.id} value={group.id}>
          <Accordion.ItemTrigger>
            <Heading as="h3" size="xs" flex="1" textAlign="start">
              {group.title}
              {group.chosen > 0 && <Text as="span" srOnly>{`, ${group.chosen} chosen`}</Text>}
            </Heading>
            <Accordion.ItemIndicator />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody pt="0">
              <Stack as="ul" gap="0.5" listStyleType="none">
                {group.choices}
              </Stack>
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
};

/**
 * Beside the results: for every field with values among them, its values with how many parts
 * choosing each shows (exact: "Relay" is not "Solid State Relay"); values of one field combine
 * with OR, fields with AND, and the choice is kept in the address. A column from 1536 px;
 * narrower, 'Refine results' opens them in a sheet, so the table keeps the width it needs.
 */
export const SearchFacetsPanel = ({ facets, criteria, onChange }: SearchFacetsProps) => {
  const [sheetOpen, setSheetOpen] = useState(false);
  // A sheet from below on phones, a panel from the side on wider screens.
  const phone = useBreakpointValue({ base: true, md: false }, { fallback: 'base' }) ?? true;
  if (!hasFacets(facets)) return null;
  return (
    <Box as="nav" aria-label="Refine results">
      <Box display={{ base: 'none', '2xl': 'block' }}>
        <Heading as="h2" size="sm" mb="3" display="flex" alignItems="center" gap="2">
          <SlidersHorizontal aria-hidden size="16" />
          Refine results
        </Heading>
        <FacetGroups facets={facets} criteria={criteria} onChange={onChange} />
      </Box>
      <Box display={{ base: 'block', '2xl': 'none' }} mb="4">
        <Drawer.Root
          open={sheetOpen}
          onOpenChange={(details) => setSheetOpen(details.open)}
          placement={phone ? 'bottom' : 'start'}
          size={phone ? 'full' : 'sm'}
        >
          <Drawer.Trigger asChild>
            <Button variant="outline" size="sm" width="full">
              <SlidersHorizontal aria-hidden />
              Refine results
            </Button>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxH={phone ? '85dvh' : undefined} borderTopRadius={phone ? 'l3' : undefined}>
                <Drawer.Header>
                  <Drawer.Title>Refine results</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <FacetGroups facets={facets} criteria={criteria} onChange={onChange} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <Button variant="ghost" size="sm" position="absolute" top="3" insetEnd="3" aria-label="Close">
                    <X aria-hidden />
                  </Button>
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      </Box>
    </Box>
  );
};
