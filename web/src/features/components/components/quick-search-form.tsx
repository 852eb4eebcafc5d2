import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { RotateCcw, Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '#web/components/ui/form-field.tsx';
import { SelectField, type SelectOption } from '#web/components/ui/select-field.tsx';
import type { SearchCriteria } from '../utils/search-params';

/** Search panel: All Fields searches `query`; the others filter one field. */
export type QuickSearchField = 'query' | 'reference' | 'manufacturer' | 'class' | 'type' | 'description';

export const quickSearchFieldOptions: readonly (SelectOption & { value: QuickSearchField })[] = [
  { value: 'query', label: 'All Fields' },
  { value: 'reference', label: 'Reference' },
  { value: 'manufacturer', label: 'Manufacturer' },
  { value: 'class', label: 'Class' },
  { value: 'type', label: 'Type' },
  { value: 'description', label: 'Description' },
];

/** What a quick search emits: `{ query }` for All Fields, else `{ field: text }`. */
export const quickSearchCriteria = (field: QuickSearchField, text: string): SearchCriteria => ({
  [field]: text.trim(),
});

export interface QuickSearchPrefill {
  query: string;
  /** Changes each time the text is handed over again (the sidebar's search, a new ?query=). */
  at: number;
}

interface QuickSearchFormProps {
  prefill: QuickSearchPrefill;
  onSearch: (criteria: SearchCriteria) => void;
}

/**
 * Quick Search: a field selector, the text, Search and Reset; Enter searches too. The text is
 * cleared after each search; a handed-over query fills it with All Fields selected.
 */
export const QuickSearchForm = ({ prefill, onSearch }: QuickSearchFormProps) => {
  const [field, setField] = useState<QuickSearchField>('query');
  const [text, setText] = useState(prefill.query);

  useEffect(() => {
    setField('query');
    setText(prefill.query);
  }, [prefill]);

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    onSearch(quickSearchCriteria(field, text));
    setText('');
  };

  const reset = () => {
    setText('');
    setField('query');
    onSearch({ query: '' });
  };

  return (
    <Box as="form" role="search" aria-label="Quick Search" onSubmit={search}>
      <Stack direction={{ base: 'column', lg: 'row' }} align={{ lg: 'flex-end' }} gap="3">
        <Box width={{ lg: '48' }} flexShrink={0}>
          <SelectField
            label="Field"
            options={quickSearchFieldOptions}
            value={field}
            onChange={(event) => setField(event.target.value as QuickSearchField)}
          />
        </Box>
        <Box flex="1" minWidth="0">
          <TextField
            label="Search term"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Reference, manufacturer, description..."
          />
        </Box>
        <Stack direction="row" gap="2">
          <Button type="submit" colorPalette="blue" flex={{ base: '1', lg: 'initial' }}>
            <Search aria-hidden />
            Search
          </Button>
          <Button type="button" variant="outline" onClick={reset} flex={{ base: '1', lg: 'initial' }}>
            <RotateCcw aria-hidden />
            Reset
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
};
