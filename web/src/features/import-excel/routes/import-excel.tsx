import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Progress } from '@chakra-ui/react/progress';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { messages } from '#shared/messages';
import { excelFileProblem, excelFileTypes, MEGABYTE } from '#shared/schemas/files';
import { PageHeader, Panel } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { importedCount, useImportExcel, type ImportStage } from '../api/import-excel';
import { ImportReport, type ImportOutcome } from '../components/import-report';

const ACCEPT = Object.keys(excelFileTypes).join(',');

/** Spec §5's checks before anything is sent: the toast for what is wrong, or null. */
export const workbookProblem = (file: File | null): { title: string; description: string } | null => {
  if (!file) return { title: messages.noFileSelectedTitle, description: messages.excelFileRequired };
  const problem = excelFileProblem({ name: file.name, size: file.size });
  if (!problem) return null;
  if (problem.field === 'fileName') return { title: messages.invalidFileTypeTitle, description: problem.message };
  return { title: 'File too large', description: problem.message };
};

const stageText: Record<ImportStage, string> = {
  uploading: 'Uploading the file...',
  importing: 'Importing components... (large files take up to half a minute)',
};

/** /component-hub/import-excel (spec §2 Import Components from Excel, admin only). */
export const ImportExcelRoute = () => {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<ImportStage | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const importExcel = useImportExcel();
  const busy = stage !== null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file may be chosen again after it changed on disk.
    event.target.value = '';
    if (!chosen) return;
    const problem = workbookProblem(chosen);
    if (problem) {
      notify({ type: 'error', ...problem });
      return;
    }
    setFile(chosen);
    setOutcome(null);
  };

  const upload = async () => {
    const problem = workbookProblem(file);
    if (problem || !file) {
      notify({ type: 'error', ...problem! });
      return;
    }
    setOutcome(null);
    try {
      const result = await importExcel(file, setStage);
      setOutcome({ ok: true, fileName: file.name, result, count: importedCount(result) });
    } catch (error) {
      const message = errorMessage(error, messages.importFailed);
      notify({ type: 'error', title: messages.importUploadFailedTitle, description: message });
      setOutcome({ ok: false, fileName: file.name, message });
    } finally {
      setStage(null);
    }
  };

  return (
    <>
      <PageHeader title="Import Components from Excel" subtitle="Add many components at once from an Excel workbook" />
      <Stack gap="6">
        <Panel>
          <Stack gap="4">
            <Text id={hintId} fontSize="sm" color="fg.muted">
              The first sheet with a Reference and a Class column is read; every row needs both. Column headings may be
              the field names, their labels, or those of a SolidWorks Electrical parts export. Files up to 20 MB (.xlsx
              or .xls).
            </Text>
            <input
              ref={inputRef}
              type="file"
              hidden
              accept={ACCEPT}
              aria-label="Excel file"
              onChange={choose}
              data-testid="excel-file-input"
            />
            <HStack
              gap="3"
              wrap="wrap"
              borderWidth="1px"
              borderStyle="dashed"
              borderColor="border"
              borderRadius="md"
              p="4"
            >
              <Button
                variant="outline"
                onClick={() => inputRef.current?.click()}
                disabled={busy}
                aria-describedby={hintId}
              >
                <FileSpreadsheet aria-hidden />
                Choose file
              </Button>
              {file ? (
                <Text data-testid="chosen-file" overflowWrap="anywhere">
                  <Text as="span" fontWeight="semibold">
                    {file.name}
                  </Text>{' '}
                  ({(file.size / MEGABYTE).toFixed(2)} MB)
                </Text>
              ) : (
                <Text color="fg.muted">No file chosen</Text>
              )}
            </HStack>
            <Box>
              <Button colorPalette="blue" onClick={() => void upload()} loading={busy} loadingText="Uploading...">
                <Upload aria-hidden />
                Upload and Import
              </Button>
            </Box>
            {stage && (
              <Progress.Root value={null} colorPalette="blue" size="sm" maxWidth="lg" aria-label={stageText[stage]}>
                <Progress.Label mb="1.5" fontWeight="normal">
                  {stageText[stage]}
                </Progress.Label>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
          </Stack>
        </Panel>
        {outcome && (
          <Panel>
            <ImportReport outcome={outcome} />
          </Panel>
        )}
      </Stack>
    </>
  );
};

export default ImportExcelRoute;
