import { Button } from '@chakra-ui/react/button';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { fetchAllMatching } from '../api/search-components';
import type { SearchCriteria } from '../utils/search-params';

/**
 * 'Export to Excel' ('Exporting...' while it runs): every component the search matches, in a
 * spreadsheet. SheetJS loads only now, not with the page. Failures are only logged.
 */
export const ExportButton = ({ criteria }: { criteria: SearchCriteria }) => {
  const [exporting, setExporting] = useState(false);

  const exportAll = async () => {
    setExporting(true);
    try {
      const [{ saveComponentsWorkbook }, components] = await Promise.all([
        import('../utils/export-workbook'),
        fetchAllMatching(criteria),
      ]);
      saveComponentsWorkbook(components);
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
