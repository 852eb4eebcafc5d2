import { isReviewer } from '#shared/schemas/auth';
import { messages } from '#shared/messages';
import {
  choiceParam,
  componentFileFields,
  containsFilters,
  rangeParam,
  searchNumberColumn,
  searchFacetFields,
  searchNumberFilterFields,
  searchTextFilterFields,
  type CatalogueStats,
  type ComponentOptions,
  type Component,
  type ComponentFileField,
  type SearchQuery,
  type UnreadValue,
} from '#shared/schemas/component';
import type { ManagedClassOptions } from '#shared/class-list';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '#lib/clients';
import { catalogueLanguages } from '#lib/catalogue-languages';
import { config } from '#lib/config';
import { Moved, NotFound } from '#lib/errors';
import { getComponent, getComponents, getMergeMarks } from '#repositories/components';
import { listMergedVersions, listVersions } from '#repositories/versions';
import type { Version } from '#shared/schemas/approvals';
import { countPendingRequestsOf } from '#repositories/approval-requests';
import { getClassList } from '#repositories/classes';
import { readCounter } from '#repositories/counters';
import type { User } from '#repositories/users';
import { contentDisposition, objectKeySegment } from './file-names';
import { catalogueSummary } from './search/catalogue-mirror';
import type { StoredNumberField } from './search/column-store';
import type { IndexQuery } from './search/search-index';
import { askSearchHolder } from './search/holder-client';

/** Where the API serves a component's file (a redirect to a short-lived S3 link). */
export const componentFileUrl = (id: number, field: ComponentFileField): string =>
  `/api/components/${id}/files/${field}`;

/** Where a component's file lives in the bucket: `components/<id>/<field>/<file name>`. */
export const componentFileKey = (id: number, field: ComponentFileField, fileName: string): string =>
  `components/${id}/${field}/${objectKeySegment(fileName, field)}`;

const isExternalUrl = (value: string): boolean => /^https?:\/\//i.test(value);

/** Keys the product writes for component files: seeded parts, and files claimed by a new-component request. */
const COMPONENT_FILE_KEY =
  /^(components\/[\w-]+|requests\/[0-9A-HJKMNP-TV-Z]{26})\/(dataSheet|threeDPart|scheme)\/[\w.-]+$/;

/**
 * A component as the API shows it: file fields held in S3 become the API's file URL; a file
 * field that already holds a web address (an imported link to a maker's datasheet) stays as is.
 */
export const toApiComponent = (component: Component): Component => {
  // Copied only when a stored file is rewritten: the component itself is never changed.
  let shown = component;
  for (const field of componentFileFields) {
    const value = component[field];
    if (!value || isExternalUrl(value)) continue;
    if (shown === component) shown = { ...component };
    shown[field] = componentFileUrl(component.id, field);
  }
  return shown;
};

/** How long the link a file request redirects to stays valid. */
export const FILE_LINK_SECONDS = 300;

const fileTypes: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/**
 * Where `GET /api/components/{id}/files/{field}` sends the browser: a short-lived S3 link.
 * PDFs and raster images open in the browser (a datasheet opens in a new tab, and
 * from the bucket's origin, not the app's); anything else downloads.
 */
export const componentFileLocation = async (id: number, field: ComponentFileField): Promise<string> => {
  const component = await getComponent(id);
  if (!component) throw new NotFound(messages.componentNotFound);
  const value = component[field];
  if (!value) throw new NotFound(messages.componentFileNotFound);
  if (isExternalUrl(value)) return value;
  // Never a link to another key of the bucket (an upload, an attachment) that a field was made to name.
  if (!COMPONENT_FILE_KEY.test(value)) throw new NotFound(messages.componentFileNotFound);
  const fileName = value.split('/').pop() || field;
  const type = fileTypes[fileName.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  const disposition = type === 'application/octet-stream' ? 'attachment' : 'inline';
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config().BUCKET_NAME,
      Key: value,
      ResponseContentType: type,
      ResponseContentDisposition: contentDisposition(disposition, fileName),
    }),
    { expiresIn: FILE_LINK_SECONDS },
  );
};

/**
 * The index's view of a validated search: an exact number is a range from it to it, and a wire
 * size a part must take is two ranges, its range's low end at most the size and its high end at
 * least it. Conditions on one column are met together.
 */
export const toIndexQuery = (query: SearchQuery): IndexQuery => {
  const text: IndexQuery['text'] = {};
  for (const field of searchTextFilterFields) if (query[field] !== undefined) text[field] = query[field];
  const numbers: NonNullable<IndexQuery['numbers']> = {};
  const narrow = (column: StoredNumberField, min: number | undefined, max: number | undefined) => {
    if (min === undefined && max === undefined) return;
    const range = (numbers[column] ??= {});
    if (min !== undefined) range.min = Math.max(range.min ?? -Infinity, min);
    if (max !== undefined) range.max = Math.min(range.max ?? Infinity, max);
  };
  for (const param of searchNumberFilterFields) {
    const column = searchNumberColumn(param);
    narrow(column, query[param], query[param]);
    narrow(column, query[rangeParam(param, 'Min')], query[rangeParam(param, 'Max')]);
  }
  for (const filter of containsFilters) {
    const size = query[filter.param];
    narrow(filter.low, undefined, size);
    narrow(filter.high, size, undefined);
  }
  const choices: NonNullable<IndexQuery['choices']> = {};
  for (const field of searchFacetFields) {
    const values = query[choiceParam(field)];
    if (values) choices[field] = values;
  }
  return {
    query: query.query,
    text,
    numbers,
    choices,
    sort: query.sort,
    descending: query.order === 'desc',
    facets: query.facets,
    offset: query.offset,
    limit: query.limit,
  };
};

/** Merges a part may have gone through, one into the next, before the part it is now is found. */
const MERGE_HOPS = 10;

/**
 * The parts that those of `ids` merged into another became: each followed from merge to merge
 * to a part that exists. Ids never merged (or merged into a part since deleted) are left out.
 */
export const whereComponentsWent = async (ids: readonly number[]): Promise<Map<number, Component>> => {
  const reached = new Map<number, number>(ids.map((id) => [id, id]));
  let moving = [...new Set(ids)];
  const went = new Set<number>();
  for (let hop = 0; hop < MERGE_HOPS && moving.length; hop++) {
    const marks = await getMergeMarks(moving);
    for (const [id, at] of reached) {
      const mark = marks.get(at);
      if (!mark) continue;
      reached.set(id, mark.intoId);
      went.add(id);
    }
    moving = [...new Set([...marks.values()].map((mark) => mark.intoId))];
  }
  const survivors = new Map(
    (await getComponents([...went].map((id) => reached.get(id)!))).map((part) => [part.id, part]),
  );
  return new Map(
    [...went].flatMap((id) => {
      const survivor = survivors.get(reached.get(id)!);
      return survivor ? [[id, survivor] as const] : [];
    }),
  );
};

/**
 * `GET /api/components/{id}`. A part merged into another answers where it went (301 to the
 * part it is now, with `movedTo`), so its links and its id lead there.
 */
export const getComponentById = async (id: number): Promise<Component> => {
  const component = await getComponent(id);
  if (component) return toApiComponent(component);
  const survivor = (await whereComponentsWent([id])).get(id);
  if (survivor)
    throw new Moved(messages.componentMoved(survivor.reference), survivor.id, `/api/components/${survivor.id}`);
  throw new NotFound(messages.componentNotFound);
};

/**
 * A part's history, newest first: its own versions, then those of the parts merged into it
 * (each with `mergedFrom` and its own numbering).
 */
export const componentHistory = async (id: number): Promise<Version[]> => {
  const [own, merged] = await Promise.all([listVersions(id), listMergedVersions(id)]);
  return [...own, ...merged];
};

/** The detail page's 'Related Components' card shows at most 3. */
export const RELATED_COMPONENTS_MAX = 3;

/**
 * Other components sharing the component's series, type or class, best first (the search
 * index ranks them), instead of loading 100 components into the browser.
 */
export const relatedComponents = async (id: number): Promise<Component[]> => {
  const [component, index] = await Promise.all([getComponent(id), catalogueSummary().current()]);
  if (!component) throw new NotFound(messages.componentNotFound);
  return (await getComponents(index.related(component, RELATED_COMPONENTS_MAX))).map(toApiComponent);
};

/** The distinct classes in the catalogue, sorted. */
export const listComponentClasses = async (): Promise<string[]> =>
  (await catalogueSummary().current()).distinct('class');

/**
 * The add form's option lists from the whole catalogue (not a page of it), sorted; the classes
 * are the administrators' list once they keep one (and say so), else the catalogue's own.
 */
export const listComponentOptions = async (): Promise<ComponentOptions & ManagedClassOptions> => {
  const [index, classList] = await Promise.all([catalogueSummary().current(), getClassList()]);
  return {
    manufacturers: index.distinct('manufacturer'),
    classes: classList ? classList.classes : index.distinct('class'),
    types: index.distinct('type'),
    languages: [...catalogueLanguages],
    ...(classList && { classesManaged: true }),
  };
};

/** The current and wire texts no number could be read from, for administrators to put right (the search function reads them). */
export const listUnreadValues = async (): Promise<UnreadValue[]> =>
  (await askSearchHolder({ kind: 'unread-values' })).values;

/**
 * The dashboard's counts. Pending Approvals counts what the viewer can see in the list beside
 * it: every waiting request for an administrator (the `pending-approvals` counter, which the
 * approval engine moves in the transactions that file and close requests), their own for a user.
 */
export const getCatalogueStats = async (viewer: User): Promise<CatalogueStats> => {
  const isAdmin = isReviewer(viewer.role);
  const [index, pendingApprovals] = await Promise.all([
    catalogueSummary().current(),
    isAdmin ? readCounter('pending-approvals') : countPendingRequestsOf(viewer.id),
  ]);
  return { ...index.stats(), pendingApprovals, pendingApprovalsScope: isAdmin ? 'all' : 'own' };
};
