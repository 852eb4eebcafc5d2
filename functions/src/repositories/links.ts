import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LinkKind, ToolRole } from '#shared/schemas/links';
import { dynamo } from '#lib/clients';
import { componentPartition } from './keys';
import { queryAll, tableName, type TransactItem } from './table';

/*
 * Links between parts: one item in each end's partition, `COMP#<id>` / `LINK#<link id>`, both
 * written and removed in the transaction that approves the change, so either end lists the
 * link and neither outlives the other. The link id names the kind and both ends, so the same
 * link cannot be stored twice. The holding end's item is also listed under `gsi1` (`LINKS`), so
 * every link of the catalogue is read once, in one query, for an export.
 */

export interface StoredLink {
  linkId: string;
  kind: LinkKind;
  fromId: number;
  toId: number;
  role?: ToolRole;
  createdAt: string;
  /** The request whose approval made it. */
  requestId: string;
}

const linkKey = (componentId: number, linkId: string) => ({
  pk: componentPartition(componentId),
  sk: `LINK#${linkId}`,
});

const fromItem = (item: Record<string, unknown>): StoredLink => ({
  linkId: String(item.linkId),
  kind: item.kind as LinkKind,
  fromId: Number(item.fromId),
  toId: Number(item.toId),
  ...(item.role ? { role: item.role as ToolRole } : {}),
  createdAt: String(item.createdAt),
  requestId: String(item.requestId),
});

/** Every link either end of which is this part. */
export const listLinks = async (componentId: number): Promise<StoredLink[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :link)',
      ExpressionAttributeValues: { ':pk': componentPartition(componentId), ':link': 'LINK#' },
    })
  ).map(fromItem);

/** One link as this part holds it; undefined when it does not. */
export const getLink = async (componentId: number, linkId: string): Promise<StoredLink | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: linkKey(componentId, linkId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
};

const ALL_LINKS = 'LINKS';

/** Every link of the catalogue, each once. */
export const listAllLinks = async (): Promise<StoredLink[]> =>
  (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': ALL_LINKS },
    })
  ).map(fromItem);

/** The items that store a new link at both ends; each refused when the link already exists. */
export const linkPutItems = (link: StoredLink): TransactItem[] =>
  [link.fromId, link.toId].map((end) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...linkKey(end, link.linkId),
        entity: 'link',
        ...link,
        ...(end === link.fromId ? { gsi1pk: ALL_LINKS, gsi1sk: link.linkId } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));

/** The items that remove a link from both ends; each refused when the link is already gone. */
export const linkDeleteItems = (link: Pick<StoredLink, 'linkId' | 'fromId' | 'toId'>): TransactItem[] =>
  [link.fromId, link.toId].map((end) => ({
    Delete: {
      TableName: tableName(),
      Key: linkKey(end, link.linkId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  }));
