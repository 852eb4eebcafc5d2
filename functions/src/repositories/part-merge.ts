import { isSymmetric, linkIdOf, type LinkKind, type ToolRole } from '#shared/schemas/links';
import { componentPartition } from './keys';
import { linkDeleteItems, linkPutItems } from './links';
import { queryAll, tableName, type TransactItem } from './table';
import { MERGED_VERSION_PREFIX, mergedVersionSortKey } from './versions';

/*
 * Moving what a part holds into another when the two are merged: every item of the merged
 * part's partition but its own (`META`, which stays as the mark of where it went) is written
 * into the survivor's partition and deleted from its own, in one transaction per batch, each
 * put only where nothing is yet and each delete only of the item as it was read. A batch that
 * meets a change (a comment approved meanwhile, a batch of another call) moves nothing and is
 * read again; a batch that landed is gone from the merged part, so moving again is never moving
 * twice.
 *
 * How each kind of item moves is the table below. A kind missing from it stops the merge
 * rather than leave the item behind: a new kind of item a part holds gets its line here.
 */

export type PartItem = Record<string, unknown> & { pk: string; sk: string };

interface Move {
  /** The item as the survivor holds it; none when the survivor already holds its like (a distributor file's claim). */
  put?: Record<string, unknown>;
  /** The condition the merged part's item is deleted on, beside it existing, with its values. */
  unchanged?: { expression: string; values: Record<string, unknown> };
  /** What moves it instead of a put and a delete (an item that has a twin in another part). */
  instead?: TransactItem[];
}

export interface MoveContext {
  fromId: number;
  fromReference: string;
  intoId: number;
  /** The sort keys the survivor already holds among those that may clash (distributor-file claims). */
  survivorKeys: ReadonlySet<string>;
}

type Mover = (item: PartItem, context: MoveContext) => Move;

/** The item, in the survivor's partition under `sk`, naming the survivor as its part. */
const inSurvivor = (item: PartItem, context: MoveContext, sk = item.sk): Record<string, unknown> => ({
  ...item,
  pk: componentPartition(context.intoId),
  sk,
  ...(item.componentId !== undefined && { componentId: context.intoId }),
});

/** Each kind of item by its sort-key prefix, and how it moves. */
const movers: readonly (readonly [prefix: string, move: Mover])[] = [
  // The merged part's own history, kept with its numbering and where it came from.
  [
    'VER#',
    (item, context) => ({
      put: {
        ...inSurvivor(item, context, mergedVersionSortKey(context.fromId, Number(item.versionNumber))),
        mergedFrom: { id: context.fromId, reference: context.fromReference },
      },
    }),
  ],
  // History the merged part had itself taken in from parts merged into it earlier.
  [MERGED_VERSION_PREFIX, (item, context) => ({ put: inSurvivor(item, context) })],
  ['COMMENT#', (item, context) => ({ put: inSurvivor(item, context) })],
  // An attachment keeps its id (downloads by id go on working) and its file where it is; it
  // moves only as it was read: not approved, rejected or found missing meanwhile.
  [
    'ATT#',
    (item, context) => ({
      put: inSurvivor(item, context),
      unchanged: {
        expression:
          item.fileMissing === undefined
            ? 'isApproved = :approved AND attribute_not_exists(fileMissing)'
            : 'isApproved = :approved AND fileMissing = :missing',
        values: {
          ':approved': item.isApproved,
          ...(item.fileMissing !== undefined && { ':missing': item.fileMissing }),
        },
      },
    }),
  ],
  // A distributor file the part holds: the survivor claims it too, unless it holds it already.
  ['SOURCE#', (item, context) => (context.survivorKeys.has(item.sk) ? {} : { put: inSurvivor(item, context) })],
  // A link is held at both ends: it goes from both and comes back naming the survivor, at the
  // survivor and at the other part. A link between the two parts themselves goes (a part is not
  // linked to itself), and one the survivor already has is not made twice.
  ['LINK#', (item, context) => ({ instead: linkMoves(item, context) })],
];

const linkMoves = (item: PartItem, context: MoveContext): TransactItem[] => {
  const kind = item.kind as LinkKind;
  const old = { linkId: String(item.linkId), fromId: Number(item.fromId), toId: Number(item.toId) };
  const gone = linkDeleteItems(old);
  const swap = (id: number) => (id === context.fromId ? context.intoId : id);
  const [from, to] = [swap(old.fromId), swap(old.toId)];
  if (from === to) return gone;
  // A link read the same from both ends is stored lower id first.
  const ends = isSymmetric(kind)
    ? { fromId: Math.min(from, to), toId: Math.max(from, to) }
    : { fromId: from, toId: to };
  const linkId = linkIdOf({ kind, ...ends });
  if (context.survivorKeys.has(`LINK#${linkId}`)) return gone;
  return [
    ...gone,
    ...linkPutItems({
      linkId,
      kind,
      ...ends,
      ...(item.role ? { role: item.role as ToolRole } : {}),
      createdAt: String(item.createdAt),
      requestId: String(item.requestId),
    }),
  ];
};

/** Items of kinds that may already be in the survivor (its own claim of the same file, its own link). */
export const CLASHING_PREFIXES = ['SOURCE#', 'LINK#'] as const;

const moverOf = (item: PartItem): Mover => {
  const found = movers.find(([prefix]) => item.sk.startsWith(prefix));
  if (!found) throw new Error(`No way to move ${item.sk} of ${item.pk} into another part is known`);
  return found[1];
};

/** Everything a part holds but itself (consistent, every page), in sort-key order. */
export const listPartItems = async (componentId: number, prefix?: string): Promise<PartItem[]> =>
  (
    await queryAll({
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': componentPartition(componentId), ...(prefix && { ':prefix': prefix }) },
      ConsistentRead: true,
    })
  ).filter((item): item is PartItem => item.sk !== 'META') as PartItem[];

/**
 * The transaction items that move `items` of the merged part into the survivor: a put where
 * nothing is yet, and a delete of the item as it was read.
 */
export const partItemMoves = (items: readonly PartItem[], context: MoveContext): TransactItem[] =>
  items.flatMap((item): TransactItem[] => {
    const move = moverOf(item)(item, context);
    if (move.instead) return move.instead;
    return [
      ...(move.put
        ? [{ Put: { TableName: tableName(), Item: move.put, ConditionExpression: 'attribute_not_exists(pk)' } }]
        : []),
      {
        Delete: {
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          ConditionExpression: move.unchanged
            ? `attribute_exists(pk) AND ${move.unchanged.expression}`
            : 'attribute_exists(pk)',
          ...(move.unchanged && { ExpressionAttributeValues: move.unchanged.values }),
        },
      },
    ];
  });
