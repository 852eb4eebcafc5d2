import { useEffect, useRef } from 'react';
import type { DataBatchReport, StartDataBatchInput } from '#shared/schemas/data-batches';
import type { ClassProtectedFields } from '#shared/schemas/distributor-fill';
import type { StartImageBatchResponse } from '#shared/schemas/images';
import { api } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';
import { BATCH_POLL_MS } from './get-image-batch';

/** POST /api/admin/data-batch: "Refresh lifecycle and data" over a class or a selection; answers at once. */
export const startDataBatch = (input: StartDataBatchInput) =>
  api.post<StartImageBatchResponse>('/admin/data-batch', input);

/** GET /api/admin/data-batch/{id}/parts: what the batch did per part, read every second while it runs. */
export const useDataBatchReport = (batchId: string | undefined, running: boolean, processed: number) => {
  const { data, error, mutate } = useApiQuery<DataBatchReport>(
    batchId ? `/admin/data-batch/${encodeURIComponent(batchId)}/parts` : null,
    { refreshInterval: running ? BATCH_POLL_MS : 0 },
  );
  // Read again whenever the batch moves on or ends, so its last parts are never missed.
  const progress = `${running}:${processed}`;
  const seen = useRef(progress);
  useEffect(() => {
    if (seen.current === progress) return;
    seen.current = progress;
    void mutate();
  }, [progress, mutate]);
  return { report: data, error };
};

const classProtectionKey = (className: string) =>
  `/admin/class-protected-fields?className=${encodeURIComponent(className)}`;

/** GET /api/admin/class-protected-fields?className=: the fields no fill may take for the class's parts. */
export const useClassProtectedFields = (className: string | undefined) => {
  const { data, error, mutate } = useApiQuery<ClassProtectedFields>(className ? classProtectionKey(className) : null);
  return { protection: data, error, mutate };
};

/** PUT /api/admin/class-protected-fields `{ className, fields }`: the class's whole list. */
export const setClassProtectedFields = (className: string, fields: string[]) =>
  api.put<ClassProtectedFields>('/admin/class-protected-fields', { className, fields });
