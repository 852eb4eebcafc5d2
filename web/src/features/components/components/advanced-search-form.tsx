import { Accordion } from '@chakra-ui/react/accordion';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Filter, RotateCcw } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { componentFieldLabels } from '#shared/schemas/component';
import { TextField } from '../../../components/ui/form-field';
import { cleanCriteria, type SearchCriteria, type SearchFilterField } from '../utils/search-params';

/** Spec §2 "Search panel", Advanced Search: its groups and their fields, in order. */
export const advancedSearchGroups: readonly { id: string; title: string; fields: readonly SearchFilterField[] }[] = [
  { id: 'basic', title: 'Basic Information', fields: ['reference', 'manufacturer', 'class', 'type', 'description'] },
  { id: 'technical', title: 'Technical Details', fields: ['terminalType', 'numberOfTerminals'] },
  { id: 'physical', title: 'Physical Properties', fields: ['width', 'height', 'depth', 'weight', 'orientation'] },
  { id: 'electrical', title: 'Electrical Properties', fields: ['voltage', 'voltage2', 'numberOfCircuits', 'mnemonic'] },
  {
    id: 'wire',
    title: 'Wire Specifications',
    fields: ['maxWireNumber', 'maxWireSection', 'minWireSection', 'maxWireGauge', 'minWireGauge'],
  },
  { id: 'tooling', title: 'Tooling', fields: ['toolCrimp', 'turretPositionerDieHead', 'insertionExtractionTool'] },
];

type Filters = Partial<Record<SearchFilterField, string>>;

const filtersOf = (criteria: SearchCriteria): Filters => {
  const { query: _query, ...filters } = criteria;
  return filters;
};

/** Groups open at first: Basic Information, and every group with a filter in use. */
const initiallyOpen = (filters: Filters): string[] =>
  advancedSearchGroups
    .filter((group, index) => index === 0 || group.fields.some((field) => filters[field]))
    .map((group) => group.id);

interface AdvancedSearchFormProps {
  /** The search in effect; the inputs follow it (Back, a shared link, a quick search by field). */
  criteria: SearchCriteria;
  onSearch: (criteria: SearchCriteria) => void;
}

/** Advanced Search: collapsible groups of filters, 'Reset All Filters' and 'Apply Filters'. Empty filters are dropped. */
export const AdvancedSearchForm = ({ criteria, onSearch }: AdvancedSearchFormProps) => {
  const applied = filtersOf(criteria);
  const appliedKey = JSON.stringify(applied);
  const [values, setValues] = useState<Filters>(applied);
  const [open, setOpen] = useState<string[]>(() => initiallyOpen(applied));

  useEffect(() => {
    const next = JSON.parse(appliedKey) as Filters;
    setValues(next);
    setOpen((groups) => [...new Set([...groups, ...initiallyOpen(next)])]);
  }, [appliedKey]);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    onSearch(cleanCriteria(values));
  };

  const resetAll = () => {
    setValues({});
    onSearch({});
  };

  return (
    <Box as="form" role="search" aria-label="Advanced Search" onSubmit={apply}>
      <Stack gap="4">
        <Accordion.Root
          multiple
          value={open}
          onValueChange={(details) => setOpen(details.value)}
          variant="enclosed"
          size="sm"
        >
          {advancedSearchGroups.map((group) => {
            const inUse = group.fields.filter((field) => values[field]?.trim()).length;
            return (
              <Accordion.Item key={group.id} value={group.id}>
                <Accordion.ItemTrigger cursor="pointer">
                  <Text as="span" flex="1" fontWeight="semibold">
                    {group.title}
                  </Text>
                  {inUse > 0 && (
                    <Text as="span" fontSize="xs" color="blue.700" fontWeight="medium">
                      {inUse} in use
                    </Text>
                  )}
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
                      {group.fields.map((field) => (
                        <TextField
                          key={field}
                          label={componentFieldLabels[field]}
                          name={field}
                          value={values[field] ?? ''}
                          onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
                        />
                      ))}
                    </SimpleGrid>
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            );
          })}
        </Accordion.Root>
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="2">
          <Button type="button" variant="outline" onClick={resetAll}>
            <RotateCcw aria-hidden />
            Reset All Filters
          </Button>
          <Button type="submit" colorPalette="blue">
            <Filter aria-hidden />
            Apply Filters
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
};
