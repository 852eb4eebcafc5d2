import { Box } from '@chakra-ui/react/box';
import { Grid } from '@chakra-ui/react/grid';
import { Heading } from '@chakra-ui/react/heading';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader, Panel } from '#web/components/ui/page.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useComponentSearch } from '../api/search-components';
import { ActiveCriteria } from '../components/active-criteria';
import { ComponentResults, type ResultsOrder } from '../components/component-results';
import { CorrectedSearch } from '../components/corrected-search';
import { DidYouMean } from '../components/did-you-mean';
import { ExportButton } from '../components/export-button';
import type { QuickSearchPrefill } from '../components/quick-search-form';
import { ResultsPager } from '../components/results-pager';
import { SearchFacetsPanel, hasFacets } from '../components/search-facets';
import { SearchPanel } from '../components/search-panel';
import { pageCount } from '../utils/pagination';
import {
  PAGE_SIZE,
  listSearchParams,
  readListState,
  sortOf,
  type ListState,
  type SearchCriteria,
} from '../utils/search-params';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

/** Where the sidebar's quick search leaves its text for this page (the shell writes it). */
export const HEADER_SEARCH_KEY = 'headerSearchQuery';

const readHandedQuery = (): string | null => {
  try {
    return sessionStorage.getItem(HEADER_SEARCH_KEY);
  } catch {
    return null;
  }
};

/**
 * /component-hub/components: the search panel, the results and the
 * pager. The URL holds the search and the page, so Back and a shared link bring them back.
 */
export const ComponentListRoute = () => {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { criteria, page } = readListState(params);
  const criteriaKey = JSON.stringify(criteria);
  const [prefill, setPrefill] = useState<QuickSearchPrefill>(() => ({ query: criteria.query ?? '', at: 0 }));
  const resultsRef = useRef<HTMLDivElement>(null);

  // The sidebar's text is used once, then removed, and starts the list at its first page. Until
  // the URL carries it, nothing is fetched (the page the URL still names is not wanted).
  const [handedOver, setHandedOver] = useState<string | null>(null);
  useEffect(() => {
    const query = readHandedQuery();
    if (query === null) return;
    sessionStorage.removeItem(HEADER_SEARCH_KEY);
    setHandedOver(query.trim());
    setParams(listSearchParams({ criteria: { query }, page: 1 }), { replace: true });
    setPrefill((current) => ({ query, at: current.at + 1 }));
  }, [location.key, setParams]);
  const awaited = readHandedQuery()?.trim() ?? handedOver;
  const urlReady = awaited === null || (criteria.query ?? '') === awaited;
  useEffect(() => {
    if (handedOver !== null && (criteria.query ?? '') === handedOver) setHandedOver(null);
  }, [handedOver, criteria.query]);

  const { page: result, error } = useComponentSearch(criteria, page, urlReady);

  // While the next page loads, the pager keeps the total it had for the same search.
  const [known, setKnown] = useState<{ key: string; total: number }>();
  useEffect(() => {
    if (result) setKnown({ key: criteriaKey, total: result.total });
  }, [result, criteriaKey]);
  const total = result?.total ?? (known?.key === criteriaKey ? known.total : undefined);

  const go = (state: ListState) => setParams(listSearchParams(state));

  // A link to a page past the end (the catalogue shrank since it was shared) shows the last page.
  const pages = result ? pageCount(result.total, PAGE_SIZE) : 0;
  useEffect(() => {
    if (pages > 0 && page > pages)
      setParams(listSearchParams({ criteria: JSON.parse(criteriaKey) as SearchCriteria, page: pages }), {
        replace: true,
      });
  }, [pages, page, criteriaKey, setParams]);

  // The counts beside the results stay while the next page, or the search a choice there made,
  // loads: the groups (and the sheet they sit in on phones) stay open to choose more.
  const [knownFacets, setKnownFacets] = useState<NonNullable<typeof result>['facets']>();
  useEffect(() => {
    if (result?.facets) setKnownFacets(result.facets);
  }, [result]);
  const facets = result?.facets ?? knownFacets;

  const order = sortOf(criteria);
  const changeOrder = ({ sort, descending }: ResultsOrder) => {
    const { sort: _sort, order: _order, ...rest } = criteria;
    go({
      criteria: { ...rest, ...(sort === 'relevance' ? {} : { sort }), ...(descending ? { order: 'desc' } : {}) },
      page: 1,
    });
  };

  const changePage = (next: number) => {
    go({ criteria, page: next });
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Box>
      <PageHeader
        title="Component Database"
        subtitle="Search, filter and manage electrical components"
        actions={<ExportButton criteria={criteria} />}
      />
      <SearchPanel criteria={criteria} prefill={prefill} onSearch={(next) => go({ criteria: next, page: 1 })} />
      <Panel as="section" aria-labelledby="results-heading">
        <Box ref={resultsRef} scrollMarginTop="20" />
        <Heading as="h2" id="results-heading" srOnly>
          Results
        </Heading>
        <ActiveCriteria criteria={criteria} />
        {error ? (
          <InlineAlert status="error" title="Failed to load components">
            {errorMessage(error, 'Network response was not ok')}
          </InlineAlert>
        ) : (
          <Grid
            templateColumns={{ base: 'minmax(0, 1fr)', '2xl': '15rem minmax(0, 1fr)' }}
            gap={{ base: '0', '2xl': '6' }}
          >
            <SearchFacetsPanel
              facets={facets}
              criteria={criteria}
              onChange={(next) => go({ criteria: next, page: 1 })}
            />
            <Box gridColumn={hasFacets(facets) ? undefined : { lg: '1 / -1' }} minWidth="0">
              {result?.correction && <CorrectedSearch correction={result.correction} criteria={criteria} />}
              <ComponentResults
                components={result?.components}
                order={order}
                onOrderChange={changeOrder}
                empty={<DidYouMean suggestions={result?.suggestions ?? []} criteria={criteria} />}
              />
              {total !== undefined && (
                <ResultsPager total={total} page={page} pageSize={PAGE_SIZE} onPageChange={changePage} />
              )}
            </Box>
          </Grid>
        )}
      </Panel>
    </Box>
  );
};

export default ComponentListRoute;
