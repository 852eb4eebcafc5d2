import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { messages } from '#shared/messages';
import type { ImportResult, ImportRowProblem } from '#shared/schemas/import';
import { fieldLabel } from '../utils/field-label';

/** Rows shown on screen; the downloaded report holds every one. */
export const REPORT_ROWS_SHOWN = 500;

export type ImportOutcome =
  | { ok: true; fileName: string; result: ImportResult; count: number }
  | { ok: false; fileName: string; message: string };

const ProblemTable = ({ label, problems }: { label: string; problems: readonly ImportRowProblem[] }) => (
  // Focusable, so a keyboard can scroll a long report.
  <Table.ScrollArea
    borderWidth="1px"
    borderRadius="md"
    maxHeight="28rem"
    tabIndex={0}
    role="region"
    aria-label={`${label} (scrollable)`}
  >
    <Table.Root size="sm" variant="line" stickyHeader aria-label={label}>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader whiteSpace="nowrap">Row</Table.ColumnHeader>
          <Table.ColumnHeader>Reference</Table.ColumnHeader>
          <Table.ColumnHeader>Field</Table.ColumnHeader>
          <Table.ColumnHeader>Reason</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {problems.slice(0, REPORT_ROWS_SHOWN).map((problem, index) => (
          <Table.Row key={`${problem.row}-${problem.field}-${index}`}>
            <Table.Cell>{problem.row}</Table.Cell>
            <Table.Cell fontWeight="semibold" overflowWrap="anywhere">
              {problem.reference ?? '—'}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{fieldLabel(problem.field)}</Table.Cell>
            <Table.Cell>{problem.message}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);

const countText = (count: number, rejected: number) =>
  `${count} component${count === 1 ? '' : 's'} imported, ${rejected} row${rejected === 1 ? '' : 's'} skipped.`;

/**
 * The result (spec §2: 'Import Successful' or 'Import Failed', with the counts imported and
 * skipped) and the report beneath it: every skipped row with its reason, values not kept,
 * columns not read, and the whole report as a spreadsheet.
 */
export const ImportReport = ({ outcome }: { outcome: ImportOutcome }) => {
  const [saving, setSaving] = useState(false);

  if (!outcome.ok) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{messages.importFailedTitle}</Alert.Title>
          <Alert.Description>
            {outcome.fileName}: {outcome.message}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  const { result, count, fileName } = outcome;
  const errors = result.errors ?? [];
  const warnings = result.warnings ?? [];
  const rejected = result.rejected ?? 0;
  const ignored = result.ignoredColumns ?? [];

  const download = async () => {
    setSaving(true);
    try {
      const { saveReportWorkbook } = await import('../utils/report-workbook');
      saveReportWorkbook(fileName, result, count);
    } catch (error) {
      console.error('Could not build the import report', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="5">
      <Alert.Root status={count > 0 ? 'success' : 'warning'} role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{messages.importSucceededTitle}</Alert.Title>
          <Alert.Description>
            {countText(count, rejected)} {result.sheetName ? `Sheet '${result.sheetName}' of ${fileName}.` : ''}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>

      {ignored.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          Columns not imported (no field of that name and unit): {ignored.join(', ')}
        </Text>
      )}

      <Box>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void download()}
          loading={saving}
          loadingText="Preparing report..."
        >
          <Download aria-hidden />
          Download report
        </Button>
      </Box>

      {errors.length > 0 && (
        <Stack gap="2">
          <Heading as="h2" size="md">
            Skipped rows
          </Heading>
          {errors.length > REPORT_ROWS_SHOWN && (
            <Text fontSize="sm" color="fg.muted">
              The first {REPORT_ROWS_SHOWN} of {errors.length} reasons; the downloaded report lists them all.
            </Text>
          )}
          <ProblemTable label="Skipped rows" problems={errors} />
        </Stack>
      )}

      {warnings.length > 0 && (
        <Stack gap="2">
          <Heading as="h2" size="md">
            Values not kept
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            These rows were imported without the values below.
          </Text>
          <ProblemTable label="Values not kept" problems={warnings} />
        </Stack>
      )}
    </Stack>
  );
};
