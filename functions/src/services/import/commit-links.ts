import { IMPORT_SLICE_ROWS } from '#shared/schemas/import';
import { linkIdOf, storedDirection } from '#shared/schemas/links';
import { getComponent } from '#repositories/components';
import type { StoredImport } from '#repositories/import-jobs';
import { getLink } from '#repositories/links';
import { commitCatalogueChange } from '#repositories/catalogue';
import { isConditionFailure } from '#repositories/table';
import { linkChangeItems } from '../approvals/applying';
import { readPreviewSlice } from './import-files';

/*
 * The links an import's rows name, made once its rows are written (a link may name a part a
 * later row adds). Each is written as an approved link is: at both ends, with a version of each
 * part saying so, conditioned on both parts as read; a link that exists by then is left, and a
 * part that is not there (its row left out, or deleted since) makes no link. Running it again
 * (a retried task) makes nothing twice.
 */

/** Tries per link when a part changes between reading it and writing the link. */
const ATTEMPTS = 3;

/** How many links the import made. */
export const commitImportLinks = async (job: StoredImport): Promise<number> => {
  if (!job.previewKey) return 0;
  const slices = Math.ceil(job.rowsTotal / IMPORT_SLICE_ROWS);
  const rows = (
    await Promise.all(Array.from({ length: slices }, (_, slice) => readPreviewSlice(job.previewKey!, slice)))
  ).flat();
  const excluded = new Set(job.excludedRows);
  const idOfRow = new Map<number, number>();
  for (const row of rows) {
    if (excluded.has(row.row)) continue;
    if (row.action === 'create' && job.firstNewId !== null) idOfRow.set(row.row, job.firstNewId + row.createIndex!);
    else if (row.componentId !== null) idOfRow.set(row.row, row.componentId);
  }
  const made = new Set<string>();
  const author = job.committedBy ?? job.createdBy;
  let count = 0;
  for (const row of rows) {
    const own = idOfRow.get(row.row);
    if (own === undefined) continue;
    for (const link of row.links ?? []) {
      if (link.state !== 'new') continue;
      const other = link.targetId ?? (link.targetRow === null ? undefined : idOfRow.get(link.targetRow));
      if (other === undefined) continue;
      const direction = storedDirection(link.kind, own, other);
      const linkId = linkIdOf(direction);
      if (made.has(linkId)) continue;
      made.add(linkId);
      const data = { action: 'add' as const, linkId, ...direction, ...(link.role ? { role: link.role } : {}) };
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const [from, to, existing] = await Promise.all([
          getComponent(direction.fromId),
          getComponent(direction.toId),
          getLink(direction.fromId, linkId),
        ]);
        if (!from || !to || existing) break;
        try {
          // As a catalogue change, so search sees both parts' new versions at once.
          await commitCatalogueChange(
            [from.id, to.id],
            linkChangeItems(data, from, to, {
              username: `${author} (imported from ${job.fileName})`,
              source: `import:${job.importId}`,
              now: new Date().toISOString(),
            }),
          );
          count++;
          break;
        } catch (error) {
          // A part changed, or the link was made, since they were read: read again.
          if (!isConditionFailure(error) || attempt === ATTEMPTS) throw error;
        }
      }
    }
  }
  return count;
};
