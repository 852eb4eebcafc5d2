import {
  componentFieldLabels,
  derivedSourceFields,
  isReadableValue,
  UNREAD_VALUE_PARTS_SHOWN,
  type UnreadValue,
} from '#shared/schemas/component';
import { exportComponents } from '../exports';
import { catalogueSearch } from './catalogue-search';
import {
  holderRequestSchema,
  PARTS_CONSIDERED,
  type HolderAnswer,
  type HolderEvent,
  type HolderRequest,
  type PartIdentity,
} from './holder-protocol';
import type { SearchIndex } from './search-index';

/*
 * The search function's answers to the other functions (holder-protocol.ts): each read from
 * this instance's index, brought up to the catalogue's current revision first, as a search is.
 */

/** Part numbers compared as the catalogue compares them: case and separators do not matter. */
const partNumberForm = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

const neighbours = (
  index: SearchIndex,
  question: { reference: string | null; articleNumber: string | null },
): PartIdentity[] => {
  const ids = new Set([
    ...(question.reference ? index.partNumberNeighbours('reference', question.reference, 'one-edit') : []),
    ...(question.articleNumber ? index.partNumberNeighbours('articleNumber', question.articleNumber, 'same') : []),
  ]);
  return index
    .components([...ids].slice(0, PARTS_CONSIDERED))
    .map(({ id, reference, manufacturer, articleNumber }) => ({ id, reference, manufacturer, articleNumber }));
};

const unreadValues = (index: SearchIndex): UnreadValue[] => {
  const rows: (Omit<UnreadValue, 'components'> & { ids: number[] })[] = [];
  for (const field of derivedSourceFields) {
    const byValue = new Map<string, number[]>();
    const readable = new Map<string, boolean>();
    for (const { id, value } of index.fieldValues(field)) {
      if (!value?.trim()) continue;
      if (!readable.has(value)) readable.set(value, isReadableValue(field, value));
      if (readable.get(value)) continue;
      const ids = byValue.get(value) ?? [];
      ids.push(id);
      byValue.set(value, ids);
    }
    for (const [value, ids] of byValue)
      rows.push({ field, label: componentFieldLabels[field], value, count: ids.length, ids });
  }
  rows.sort((a, b) => b.count - a.count || a.field.localeCompare(b.field) || a.value.localeCompare(b.value));
  return rows.map(({ ids, ...row }) => ({
    ...row,
    components: index
      .components(ids.slice(0, UNREAD_VALUE_PARTS_SHOWN))
      .map((component) => ({ id: component.id, reference: component.reference })),
  }));
};

const classMembers = (index: SearchIndex, componentClass: string | null, limit: number): number[] => {
  const wanted = componentClass?.trim().toLowerCase();
  const ids: number[] = [];
  for (const { id, value } of index.fieldValues('class')) {
    if (ids.length >= limit) break;
    if (componentClass === null || value?.trim().toLowerCase() === wanted) ids.push(id);
  }
  return ids;
};

const referenceMatch = (index: SearchIndex, reference: string, except: number): number | null => {
  const wanted = partNumberForm(reference);
  if (!wanted) return null;
  const found = index
    .fieldValues('reference')
    .filter(({ id, value }) => id !== except && value !== null && partNumberForm(value) === wanted);
  return found.length === 1 ? found[0]!.id : null;
};

const answer = async (request: HolderRequest): Promise<HolderAnswer<HolderRequest['kind']>> => {
  const index = await catalogueSearch().current();
  switch (request.kind) {
    case 'part-number-neighbours':
      return { parts: request.questions.map((question) => neighbours(index, question)) };
    case 'unread-values':
      return { values: unreadValues(index) };
    case 'class-members':
      return { ids: classMembers(index, request.componentClass, request.limit) };
    case 'reference-match':
      return { id: referenceMatch(index, request.reference, request.except) };
    case 'export':
      return exportComponents(request.userId, request.query, new Date(request.now), index);
  }
};

/** An internal invocation's answer; a request that does not parse fails the invocation. */
export const answerHolderEvent = (event: HolderEvent): Promise<HolderAnswer<HolderRequest['kind']>> =>
  answer(holderRequestSchema.parse(event.searchHolder));
