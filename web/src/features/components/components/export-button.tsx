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

/** The menu's other exports, by the value each item stands for. */
const otherExports: Record<string, { label: string; format: ExportFormat; since?: 'last' }> = {
  csv: { label: 'Export as CSV', format: 'csv' },
  json: { label: 'Export as JSON', format: 'json' },
  changed: { label: 'Excel: changed since my last export', format: 'xlsx', since: 'last' },
  swe: { label: 'Export for SOLIDWORKS Electrical', format: 'swe' },
  sweChanged: { label: 'SOLIDWORKS Electrical: changed since my last export', format: 'swe', since: 'last' },
};

/**
 * 'Export to Excel' ('Exporting...' while it runs): every component the search matches, made by
 * the server (a column per catalogue language, a column per kind of link) and downloaded from
 * where it put it; the workbook SOLIDWORKS Electrical's manufacturer-part import reads, CSV and
 * JSON of the same search, and the parts changed since the person's last export, from the menu
 * beside it. Failures are only logged.
 */
export const ExportButton = ({ criteria }: { criteria: SearchCriteria }) => {
  const [exporting, setExporting] = useState(false);

  const exportAs = async (format: ExportFormat, since?: 'last') => {
    setExporting(true);
    try {
      const answer = await api.get<ExportAnswer>(
        `/components/export?${criteriaQuery(criteria, { format, day: localDay(), ...(since && { since }) })}`,
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
      <Menu.Root
        onSelect={(details) => {
          const chosen = otherExports[details.value]!;
          void exportAs(chosen.format, chosen.since);
        }}
      >
        <Menu.Trigger asChild>
          <IconButton aria-label="Other export formats" disabled={exporting}>
            <ChevronDown />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {Object.entries(otherExports).map(([value, { label }]) => (
                <Menu.Item key={value} value={value}>
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
