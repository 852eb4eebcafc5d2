import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { componentPartition } from './keys';
import { tableName, type TransactItem } from './table';

/**
 * Files a component already holds from a distributor, so none is stored twice for one part:
 * `COMP#<componentId>` / `SOURCE#url#<sha256 of the address>` and `SOURCE#sha256#<sha256 of the
 * bytes>`, each naming the attachment. Claimed in the transaction that writes the attachment, on
 * the condition that no claim exists yet, so two searches at once still store a file once.
 */
export type SourceClaim = { kind: 'url'; url: string } | { kind: 'sha256'; hash: string };

const sourceClaimKey = (componentId: number, claim: SourceClaim) => ({
  pk: componentPartition(componentId),
  // Addresses can be long; their hash keeps the sort key short and fixed.
  sk:
    claim.kind === 'url'
      ? `SOURCE#url#${createHash('sha256').update(claim.url).digest('hex')}`
      : `SOURCE#sha256#${claim.hash.toLowerCase()}`,
});

/** The attachment that holds this file for the component, if one was ever stored. */
export const findSourceClaim = async (componentId: number, claim: SourceClaim): Promise<string | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: sourceClaimKey(componentId, claim), ConsistentRead: true }),
  );
  return Item ? String(Item.attachmentId) : undefined;
};

/** Transaction items claiming the file for `attachmentId`; the transaction fails if any is taken. */
export const sourceClaimPuts = (
  componentId: number,
  attachmentId: string,
  claims: readonly SourceClaim[],
): TransactItem[] =>
  claims.map((claim) => ({
    Put: {
      TableName: tableName(),
      Item: { ...sourceClaimKey(componentId, claim), entity: 'attachment-source', attachmentId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
