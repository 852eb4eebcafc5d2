import useSWR from 'swr';
import { CHANGES_PAGE_MAX, type ChangeEntry, type ChangeKind } from '#shared/schemas/changes';
import { TOTAL_COUNT_HEADER } from '#shared/schemas/component';
import { apiRequestWithHeaders } from '#web/lib/api-client.ts';

/** What the log is narrowed to; every part optional. */
export interface ChangeFilters {
  user?: string;
  class?: string;
  kind?: ChangeKind;
  from?: string;
  to?: string;
}

export interface ChangePage {
  entries: ChangeEntry[];
  /** Every matching change, from X-Total-Count. */
  total: number;
}

export const changesPath = (filters: ChangeFilters, limit: number, offset: number): string => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  query.set('limit', String(limit));
  query.set('offset', String(offset));
  return `/changes?${query.toString()}`;
};

/** GET /api/changes: one page of the log and how many changes match. */
export const fetchChangePage = async (path: string): Promise<ChangePage> => {
  const { data, headers } = await apiRequestWithHeaders<ChangeEntry[]>(path);
  const entries = data ?? [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { entries, total: headers.has(TOTAL_COUNT_HEADER) && Number.isFinite(total) ? total : entries.length };
};

export const useChangePage = (filters: ChangeFilters, limit: number, offset: number) => {
  const { data, error, isLoading } = useSWR<ChangePage>(changesPath(filters, limit, offset), fetchChangePage);
  return { page: data, error: error as unknown, isLoading };
};

/** Every change matching the filters, read a full page at a time, for the export. */
export const fetchAllChanges = async (filters: ChangeFilters): Promise<ChangeEntry[]> => {
  const all: ChangeEntry[] = [];
  for (let offset = 0; ; offset += CHANGES_PAGE_MAX) {
    const { entries, total } = await fetchChangePage(changesPath(filters, CHANGES_PAGE_MAX, offset));
    all.push(...entries);
    if (entries.length < CHANGES_PAGE_MAX || offset + CHANGES_PAGE_MAX >= total) return all;
  }
};
