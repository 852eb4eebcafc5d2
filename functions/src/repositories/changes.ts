import type { ChangeEntry, ChangeKind } from '#shared/schemas/changes';
import { queryAll, tableName, type TransactItem } from './table';

/*
 * The change log: each change is listed under several views, so every filter the log offers
 * (and a kind with a person or a class) reads one partition in date order instead of scanning
 * the catalogue's history:
 *   `CHANGES#ALL`, `CHANGES#KIND#<kind>`, `CHANGES#CLASS#<class, folded>`[`#KIND#<kind>`],
 *   `CHANGES#USER#<id>`[`#KIND#<kind>`] (the proposer's and the approver's) / `<at>#<id>`.
 * Beside each view a count per day, `CHANGECOUNT#<view>` / `<yyyy-mm-dd>`, written in the same
 * transaction, answers a total and finds the page an offset falls on without reading the
 * entries before it.
 */

/** The filter a view serves: a person or a class, each alone or with a kind, or a kind (none: every change). */
export interface ChangeViewFilter {
  user?: string;
  class?: string;
  kind?: ChangeKind;
}

const foldClass = (name: string) => name.trim().toLowerCase();

const viewName = (filter: ChangeViewFilter): string => {
  const kind = filter.kind !== undefined ? `KIND#${filter.kind}` : undefined;
  const owner =
    filter.user !== undefined
      ? `USER#${filter.user}`
      : filter.class !== undefined
        ? `CLASS#${foldClass(filter.class)}`
        : undefined;
  if (owner) return kind ? `${owner}#${kind}` : owner;
  return kind ?? 'ALL';
};

const entryPartition = (view: string) => `CHANGES#${view}`;
const countPartition = (view: string) => `CHANGECOUNT#${view}`;
const entrySortKey = (entry: Pick<ChangeEntry, 'at' | 'id'>) => `${entry.at}#${entry.id}`;
const dayOf = (iso: string) => iso.slice(0, 10);
/** After every sort key of a day (`<day>T…`): the upper bound of a day's range. */
const endOfDay = (day: string) => `${day}~`;

const viewsOf = (entry: ChangeEntry): string[] => {
  const { kind } = entry;
  const people = [...new Set([entry.proposedBy.id, entry.approvedBy.id])];
  return [
    viewName({}),
    viewName({ kind }),
    ...(entry.componentClass
      ? [viewName({ class: entry.componentClass }), viewName({ class: entry.componentClass, kind })]
      : []),
    ...people.flatMap((user) => [viewName({ user }), viewName({ user, kind })]),
  ];
};

/**
 * The transaction items that record `entry` in the log: one item per view it is listed in (each
 * written once) and a count for its day in each.
 */
export const changeLogItems = (entry: ChangeEntry): TransactItem[] =>
  viewsOf(entry).flatMap((view): TransactItem[] => [
    {
      Put: {
        TableName: tableName(),
        Item: {
          pk: entryPartition(view),
          sk: entrySortKey(entry),
          entity: 'change',
          classKey: entry.componentClass ? foldClass(entry.componentClass) : null,
          ...entry,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: { pk: countPartition(view), sk: dayOf(entry.at) },
        UpdateExpression: 'SET entity = :entity ADD changes :one',
        ExpressionAttributeValues: { ':entity': 'change-count', ':one': 1 },
      },
    },
  ]);

/** Changes per day in the view of `filter`, between two days (both included), newest first. */
export const countChangesByDay = async (
  filter: ChangeViewFilter,
  fromDay: string,
  toDay: string,
): Promise<{ day: string; changes: number }[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': countPartition(viewName(filter)), ':from': fromDay, ':to': toDay },
      ProjectionExpression: 'sk, changes',
      ScanIndexForward: false,
    })
  ).map((item) => ({ day: String(item.sk), changes: Number(item.changes ?? 0) }));

const fromItem = (item: Record<string, unknown>): ChangeEntry => {
  const { pk: _pk, sk: _sk, entity: _entity, classKey: _classKey, ...entry } = item;
  return entry as unknown as ChangeEntry;
};

/**
 * The changes in the view of `view` between two days (both included), newest first, that also
 * match `also` (filters the view does not serve, applied as the partition is read). With `take`,
 * reading stops once that many were found; `skip` of them are left out.
 */
export const listChangesIn = async (
  view: ChangeViewFilter,
  range: { fromDay: string; toDay: string },
  options: { also?: ChangeViewFilter; skip?: number; take?: number } = {},
): Promise<ChangeEntry[]> => {
  const { also = {}, skip = 0, take } = options;
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (also.kind !== undefined) {
    conditions.push('kind = :kind');
    values[':kind'] = also.kind;
  }
  if (also.class !== undefined) {
    conditions.push('classKey = :classKey');
    values[':classKey'] = foldClass(also.class);
  }
  if (also.user !== undefined) {
    conditions.push('(proposedBy.id = :user OR approvedBy.id = :user)');
    values[':user'] = also.user;
  }
  const wanted = take === undefined ? undefined : skip + take;
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': entryPartition(viewName(view)),
        ':from': range.fromDay,
        ':to': endOfDay(range.toDay),
        ...values,
      },
      ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
      ScanIndexForward: false,
      // Without a filter every item read is one wanted: read no more than the page needs.
      ...(wanted !== undefined && !conditions.length ? { Limit: wanted } : {}),
    },
    { until: (found) => wanted !== undefined && found.length >= wanted },
  );
  return items.slice(skip, wanted).map(fromItem);
};
