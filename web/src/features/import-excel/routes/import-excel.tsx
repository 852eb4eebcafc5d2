import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Progress } from '@chakra-ui/react/progress';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { messages } from '#shared/messages';
import type { CatalogueField } from '#shared/schemas/component';
import { excelFileProblem, excelFileTypes, MEGABYTE } from '#shared/schemas/files';
import type { ImportColumn, ImportJob } from '#shared/schemas/import';
import { PageHeader, Panel } from '#web/components/ui/page.tsx';
import { notify, type Notice } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { fileProblemNotice, noFileNotice } from '#web/lib/file-checks.ts';
import {
  changeImport,
  commitImport,
  importKey,
  previewWorkbook,
  useImport,
  useRecentImports,
  useRefreshCatalogue,
  importPagesOf,
  type ImportStage,
  type RowFilter,
} from '../api/import-excel';
import { ImportView } from '../components/import-view';

const ACCEPT = Object.keys(excelFileTypes).join(',');
const IMPORT_PARAM = 'import';
/** Imports the admin put aside with 'Import another file' (not opened again on return). */
const SET_ASIDE_KEY = 'import-excel:set-aside';
const excludedKey = (importId: string) => `import-excel:excluded:${importId}`;

/** The checks made before anything is sent: the toast for what is wrong, or null. */
export const workbookProblem = (file: File | null): Notice | null =>
  file
    ? fileProblemNotice(excelFileProblem({ name: file.name, size: file.size }))
    : noFileNotice(messages.excelFileRequired);

const stageText: Record<ImportStage, string> = {
  uploading: 'Uploading the file...',
  previewing: 'Reading the workbook and comparing it with the catalogue...',
};

const readList = (key: string): number[] | string[] => {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? (value as number[] | string[]) : [];
  } catch {
    return [];
  }
};

/** An import the admin should come back to: being previewed or committed, waiting to be committed, or stopped. */
const unfinished = (job: ImportJob) =>
  job.state === 'previewing' ||
  job.state === 'previewed' ||
  job.state === 'committing' ||
  (job.state === 'failed' && job.commitStartedAt !== null);

/**
 * /component-hub/import-excel (Import Components from Excel, admin only): upload a
 * workbook, see what each row would do, change a column's field or the empty-cells option,
 * untick rows, then commit and follow its progress. The import's id is in the address, so
 * leaving and coming back shows the same import; without one, the latest unfinished import opens.
 */
export const ImportExcelRoute = () => {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [params, setParams] = useSearchParams();
  const importId = params.get(IMPORT_PARAM);
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<ImportStage | null>(null);
  const [filter, setFilter] = useState<RowFilter>('all');
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState(false);
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(() =>
    importId ? new Set(readList(excludedKey(importId)) as number[]) : new Set(),
  );
  const { job } = useImport(importId, filter, offset);
  const { imports } = useRecentImports(importId === null);
  const { mutate } = useSWRConfig();
  const refreshCatalogue = useRefreshCatalogue();
  const lastState = useRef<{ id: string; state: string } | null>(null);
  /** The import committed from this page, whose end it announces. */
  const committedHere = useRef<string | null>(null);

  const openImport = (id: string | null, replace = false) => {
    setFilter('all');
    setOffset(0);
    setExcluded(id ? new Set(readList(excludedKey(id)) as number[]) : new Set());
    setParams(id ? { [IMPORT_PARAM]: id } : {}, { replace });
  };

  // Coming back without an import in the address: the latest unfinished one opens.
  useEffect(() => {
    if (importId || !imports) return;
    const setAside = new Set(readList(SET_ASIDE_KEY) as string[]);
    const latest = imports.find((item) => unfinished(item) && !setAside.has(item.importId));
    if (latest) openImport(latest.importId, true);
    // openImport only sets state and the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [importId, imports]);

  // The commit ending while the page is open: the success toast, and the lists read again.
  useEffect(() => {
    if (!job) return;
    const previous = lastState.current;
    lastState.current = { id: job.importId, state: job.state };
    const ended = job.state === 'completed' || job.state === 'failed';
    const wasRunning = previous?.id === job.importId && previous.state === 'committing';
    if (!ended || !(wasRunning || committedHere.current === job.importId)) return;
    committedHere.current = null;
    if (job.state === 'completed') {
      notify({ type: 'success', title: messages.importUploadSucceededTitle, description: job.message ?? '' });
      void refreshCatalogue();
    } else if (job.state === 'failed') {
      notify({ type: 'error', title: messages.importUploadFailedTitle, description: job.message ?? '' });
      void refreshCatalogue();
    }
  }, [job, refreshCatalogue]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file may be chosen again after it changed on disk.
    event.target.value = '';
    if (!chosen) return;
    const problem = workbookProblem(chosen);
    if (problem) {
      notify(problem);
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    const problem = workbookProblem(file);
    if (problem || !file) {
      if (problem) notify(problem);
      return;
    }
    try {
      const preview = await previewWorkbook(file, setStage);
      await mutate(importKey(preview.importId, 'all', 0), preview, { revalidate: false });
      setFile(null);
      openImport(preview.importId);
    } catch (error) {
      notify({
        type: 'error',
        title: messages.importUploadFailedTitle,
        description: errorMessage(error, messages.importFailed),
      });
    } finally {
      setStage(null);
    }
  };

  /** Sends a change and shows the import the answer describes. */
  const act = async (work: () => Promise<unknown>, failureTitle: string) => {
    if (!importId) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify({ type: 'error', title: failureTitle, description: errorMessage(error, messages.importFailed) });
    } finally {
      setBusy(false);
      await mutate(importPagesOf(importId));
    }
  };

  const changeColumn = (column: ImportColumn, field: CatalogueField | null) =>
    void act(() => changeImport(importId!, { columns: { [column.index]: field } }), 'Could not change the column');

  const changeEmptyCells = (clear: boolean) =>
    void act(() => changeImport(importId!, { emptyCellsClear: clear }), 'Could not change the option');

  const commit = () =>
    void act(async () => {
      await commitImport(importId!, [...excluded]);
      committedHere.current = importId;
      sessionStorage.removeItem(excludedKey(importId!));
    }, messages.importUploadFailedTitle);

  const tick = (row: number, included: boolean) => {
    const next = new Set(excluded);
    if (included) next.delete(row);
    else next.add(row);
    setExcluded(next);
    sessionStorage.setItem(excludedKey(importId!), JSON.stringify([...next]));
  };

  const setAside = () => {
    if (importId) sessionStorage.setItem(SET_ASIDE_KEY, JSON.stringify([...readList(SET_ASIDE_KEY), importId]));
    openImport(null);
  };

  return (
    <>
      <PageHeader
        title="Import Components from Excel"
        subtitle="Add and update many components at once from an Excel workbook"
        actions={
          importId ? (
            <Button variant="outline" onClick={setAside} disabled={busy}>
              <FileSpreadsheet aria-hidden />
              Import another file
            </Button>
          ) : undefined
        }
      />
      <Stack gap="6">
        {!importId && (
          <Panel>
            <Stack gap="4">
              <Text id={hintId} fontSize="sm" color="fg.muted">
                The first sheet with a Reference and a Class column is read; every row needs both. Column headings may
                be the field names, their labels, or those of a SolidWorks Electrical parts export. Files up to 20 MB
                (.xlsx or .xls). Nothing is written until you have seen what each row would do and committed it.
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
                  disabled={stage !== null}
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
                <Button
                  colorPalette="blue"
                  onClick={() => void upload()}
                  loading={stage !== null}
                  loadingText="Uploading..."
                >
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
        )}
        {importId && (
          <Panel>
            {job && job.importId === importId ? (
              <ImportView
                job={job}
                filter={filter}
                onFilter={(next) => {
                  setFilter(next);
                  setOffset(0);
                }}
                onPage={setOffset}
                excluded={excluded}
                onTick={tick}
                onColumn={changeColumn}
                onEmptyCellsClear={changeEmptyCells}
                onCommit={commit}
                busy={busy}
              />
            ) : (
              <Text color="fg.muted">Loading the import...</Text>
            )}
          </Panel>
        )}
      </Stack>
    </>
  );
};

export default ImportExcelRoute;
