import { Tabs } from '@chakra-ui/react/tabs';
import { LineTabs } from '#web/components/ui/tabs-row.tsx';
import { useEffect, useState } from 'react';
import { Panel } from '#web/components/ui/page.tsx';
import type { SearchCriteria } from '../utils/search-params';
import { AdvancedSearchForm } from './advanced-search-form';
import { QuickSearchForm, type QuickSearchPrefill } from './quick-search-form';

type SearchTab = 'quick' | 'advanced';

interface SearchPanelProps {
  /** The search in effect. */
  criteria: SearchCriteria;
  /** A query handed to the panel (?query=, the sidebar's search): it opens Quick Search with it. */
  prefill: QuickSearchPrefill;
  onSearch: (criteria: SearchCriteria) => void;
}

/** Opens on Advanced Search only when the search in effect is made of filters alone. */
const initialTab = (criteria: SearchCriteria, prefill: QuickSearchPrefill): SearchTab =>
  !prefill.query && !criteria.query && Object.keys(criteria).length > 0 ? 'advanced' : 'quick';

/** Search panel: the Quick Search and Advanced Search tabs. */
export const SearchPanel = ({ criteria, prefill, onSearch }: SearchPanelProps) => {
  const [tab, setTab] = useState<SearchTab>(() => initialTab(criteria, prefill));

  useEffect(() => {
    if (prefill.query) setTab('quick');
  }, [prefill]);

  return (
    <Panel as="section" aria-label="Search and filter" mb="6">
      <LineTabs value={tab} onTabChange={setTab}>
        <Tabs.List mb="2">
          <Tabs.Trigger value="quick">Quick Search</Tabs.Trigger>
          <Tabs.Trigger value="advanced">Advanced Search</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="quick">
          <QuickSearchForm prefill={prefill} onSearch={onSearch} />
        </Tabs.Content>
        <Tabs.Content value="advanced">
          <AdvancedSearchForm criteria={criteria} onSearch={onSearch} />
        </Tabs.Content>
      </LineTabs>
    </Panel>
  );
};
