import { Accordion } from '@chakra-ui/react/accordion';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Fieldset } from '@chakra-ui/react/fieldset';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Filter, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  componentFieldUnits,
  rangeParam,
  searchNumberColumn,
  searchNumberFilterFields,
  searchNumberLabel,
  type ContainsFilterParam,
  type SearchNumberFilterField,
  type SearchTextFilterField,
} from '#shared/schemas/component';
import { TextField } from '#web/components/ui/form-field.tsx';
import {
  advancedSearchGroups,
  cleanCriteria,
  isContainsFilter,
  numberProblems,
  searchKeyLabel,
  type SearchCriteria,
  type SearchFilterField,
  type SearchKey,
} from '../utils/search-params';

const containsPlaceholder: Record<ContainsFilterParam, string> = {
  wireSection: 'e.g. 2.5 mm²',
  wireGauge: 'e.g. 14 AWG',
};

type Filters = Omit<SearchCriteria, 'query' | 'sort' | 'order'>;

const isNumberField = (field: SearchFilterField): field is SearchNumberFilterField =>
  (searchNumberFilterFields as readonly string[]).includes(field);

/**
 * The inputs' values for the search in effect. A number given exactly (`voltage=24`, as the
 * older links have it) shows as a range from it to it.
 */
const filtersOf = (criteria: SearchCriteria): Filters => {
  const { query: _query, sort: _sort, order: _order, ...filters } = criteria;
  for (const field of searchNumberFilterFields) {
    const exact = filters[field];
    if (exact === undefined) continue;
    delete filters[field];
    filters[rangeParam(field, 'Min')] ??= exact;
    filters[rangeParam(field, 'Max')] ??= exact;
  }
  return filters;
};

/** The keys a group's inputs fill. */
const groupKeys = (fields: readonly SearchFilterField[]): SearchKey[] =>
  fields.flatMap((field) => (isNumberField(field) ? [rangeParam(field, 'Min'), rangeParam(field, 'Max')] : [field]));

/** Groups open at first: Basic Information, and every group with a filter in use. */
const initiallyOpen = (filters: Filters): string[] =>
  advancedSearchGroups
    .filter((group, index) => index === 0 || groupKeys(group.fields).some((key) => filters[key as keyof Filters]))
    .map((group) => group.id);

interface AdvancedSearchFormProps {
  /** The search in effect; the inputs follow it (Back, a shared link, a quick search by field). */
  criteria: SearchCriteria;
  onSearch: (criteria: SearchCriteria) => void;
}

/**
 * Advanced Search: collapsible groups of filters, 'Reset All Filters' and 'Apply Filters'. Empty
 * filters are dropped; each number is a from–to range. A number that is not one is a hint on its
 * input, and the filters are not applied until it is put right.
 */
export const AdvancedSearchForm = ({ criteria, onSearch }: AdvancedSearchFormProps) => {
  const applied = filtersOf(criteria);
  const appliedKey = JSON.stringify(applied);
  const [values, setValues] = useState<Filters>(applied);
  const [open, setOpen] = useState<string[]>(() => initiallyOpen(applied));
  // Hints for what the search in effect holds (a shared link), then for what Apply found.
  const [hints, setHints] = useState<Partial<Record<SearchKey, string>>>(() => numberProblems(applied));
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const next = JSON.parse(appliedKey) as Filters;
    setValues(next);
    setHints(numberProblems(next));
    setOpen((groups) => [...new Set([...groups, ...initiallyOpen(next)])]);
  }, [appliedKey]);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const problems = numberProblems(values);
    setHints(problems);
    const wrong = Object.keys(problems) as SearchKey[];
    if (wrong.length > 0) {
      const groups = advancedSearchGroups.filter((group) => groupKeys(group.fields).some((key) => wrong.includes(key)));
      setOpen((current) => [...new Set([...current, ...groups.map((group) => group.id)])]);
      // After the group opens, the first input to put right takes the focus.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>(`[name="${wrong[0]}"]`)?.focus());
      return;
    }
    onSearch(
      cleanCriteria({
        ...values,
        ...(criteria.sort ? { sort: criteria.sort } : {}),
        ...(criteria.order ? { order: criteria.order } : {}),
      }),
    );
  };

  const resetAll = () => {
    setValues({});
    setHints({});
    onSearch({});
  };

  const change = (key: SearchKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setHints((current) => {
      if (!current[key]) return current;
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const textInput = (field: SearchTextFilterField | ContainsFilterParam) => (
    <TextField
      key={field}
      label={searchKeyLabel(field)}
      name={field}
      value={values[field as keyof Filters] ?? ''}
      {...(isContainsFilter(field)
        ? {
            inputMode: 'decimal' as const,
            autoComplete: 'off',
            placeholder: containsPlaceholder[field],
            error: hints[field],
          }
        : {})}
      onChange={(event) => change(field, event.target.value)}
    />
  );

  const rangeInput = (field: SearchNumberFilterField) => {
    const unit = componentFieldUnits[searchNumberColumn(field)];
    const end = (which: 'Min' | 'Max') => {
      const key = rangeParam(field, which);
      return (
        <TextField
          label={which === 'Min' ? 'From' : 'To'}
          aria-label={searchNumberLabel(field, which)}
          name={key}
          inputMode="decimal"
          autoComplete="off"
          placeholder={unit ? `${which === 'Min' ? 'min' : 'max'} ${unit}` : which === 'Min' ? 'min' : 'max'}
          value={values[key] ?? ''}
          error={hints[key]}
          onChange={(event) => change(key, event.target.value)}
        />
      );
    };
    return (
      <Fieldset.Root key={field} gap="1">
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {searchNumberLabel(field)}
        </Fieldset.Legend>
        <HStack align="flex-start" gap="2">
          {end('Min')}
          <Text aria-hidden pt="8" color="fg.muted">
            –
          </Text>
          {end('Max')}
        </HStack>
      </Fieldset.Root>
    );
  };

  return (
    <Box as="form" role="search" aria-label="Advanced Search" onSubmit={apply} ref={formRef}>
      <Stack gap="4">
        <Accordion.Root
          multiple
          value={open}
          onValueChange={(details) => setOpen(details.value)}
          variant="enclosed"
          size="sm"
        >
          {advancedSearchGroups.map((group) => {
            const inUse = group.fields.filter((field) =>
              isNumberField(field)
                ? values[rangeParam(field, 'Min')]?.trim() || values[rangeParam(field, 'Max')]?.trim()
                : values[field as keyof Filters]?.trim(),
            ).length;
            const wrong = groupKeys(group.fields).filter((key) => hints[key]).length;
            return (
              <Accordion.Item key={group.id} value={group.id}>
                <Accordion.ItemTrigger cursor="pointer">
                  <Text as="span" flex="1" fontWeight="semibold">
                    {group.title}
                  </Text>
                  {wrong > 0 && (
                    <Text as="span" fontSize="xs" color="red.700" fontWeight="medium">
                      {wrong} to correct
                    </Text>
                  )}
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
                      {group.fields.map((field) => (isNumberField(field) ? rangeInput(field) : textInput(field)))}
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
