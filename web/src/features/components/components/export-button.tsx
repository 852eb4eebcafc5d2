import { Button } from '@chakra-ui/react/button';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import type { ComponentOptions } from '#shared/schemas/component';
import { api } from '#web/lib/api-client.ts';
import { COMPONENT_OPTIONS_KEY } from '#web/lib/component-options.ts';
import { fetchAllMatching } from '../api/search-components';
import type { SearchCriteria } from '../utils/search-params';

/**
 * 'Export to Excel' ('Exporting...' while it runs): every component the search matches, in a
 * spreadsheet, a column per catalogue language for the translatable fields. SheetJS loads only
 * now, not with the page. Failures are only logged.
 */
export const ExportButton = ({ criteria }: { criteria: SearchCriteria }) => {
  const [exporting, setExporting] = useState(false);

  const exportAll = async () => {
    setExporting(true);
    try {
      // The catalogue's languages are asked only now: the list page itself never needs them.
      const [{ saveComponentsWorkbook }, components, options] = await Promise.all([
        import('../utils/export-workbook'),
        fetchAllMatching(criteria),
        api.get<ComponentOptions>(COMPONENT_OPTIONS_KEY),
      ]);
      saveComponentsWorkbook(components, options.languages);
    } catch (error) {
      console.error('Export failed', error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button
      variant="outline"
      colorPalette="green"
      onClick={() => void exportAll()}
      loading={exporting}
      loadingText="Exporting..."
      alignSelf={{ base: 'flex-start', md: 'auto' }}
    >
      <FileSpreadsheet aria-hidden />
      Export to Excel
    </Button>
  );
};
