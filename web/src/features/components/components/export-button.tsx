import { Button, ButtonGroup, IconButton } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { ChevronDown, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import type { ExportAnswer, ExportFormat } from '#shared/schemas/exports';
import { api } from '#web/lib/api-client.ts';
import { downloadFrom } from '#web/lib/files.ts';
import { criteriaQuery } from '../utils/search-params';
import type { SearchCriteria } from '../utils/search-params';

/** Today in the person's own calendar: the export's file is named by it. */
const localDay = (date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

const otherFormats: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'Export as CSV' },
  { format: 'json', label: 'Export as JSON' },
];

/**
 * 'Export to Excel' ('Exporting...' while it runs): every component the search matches, made by
 * the server (a column per catalogue language, a column per kind of link) and downloaded from
 * where it put it; CSV and JSON of the same search from the menu beside it. Failures are only
 * logged.
 */
export const ExportButton = ({ criteria }: { criteria: SearchCriteria }) => {
  const [exporting, setExporting] = useState(false);

  const exportAs = async (format: ExportFormat) => {
    setExporting(true);
    try {
      const answer = await api.get<ExportAnswer>(
        `/components/export?${criteriaQuery(criteria, { format, day: localDay() })}`,
      );
      downloadFrom(answer.url, answer.fileName);
    } catch (error) {
      console.error('Export failed', error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ButtonGroup attached variant="outline" colorPalette="green" alignSelf={{ base: 'flex-start', md: 'auto' }}>
      <Button onClick={() => void exportAs('xlsx')} loading={exporting} loadingText="Exporting...">
        <FileSpreadsheet aria-hidden />
        Export to Excel
      </Button>
      <Menu.Root onSelect={(details) => void exportAs(details.value as ExportFormat)}>
        <Menu.Trigger asChild>
          <IconButton aria-label="Other export formats" disabled={exporting}>
            <ChevronDown />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {otherFormats.map(({ format, label }) => (
                <Menu.Item key={format} value={format}>
                  {label}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </ButtonGroup>
  );
};
