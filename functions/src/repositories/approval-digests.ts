import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { conditionalUpdate, tableName } from './table';

/**
 * An administrator's digest of waiting requests: `USER#<userId>` / `DIGEST#approvals` with
 * `lastSentAt` (when the last digest went) and `coveredUntil` (the newest request it listed).
 */
export interface DigestState {
  lastSentAt?: string;
  coveredUntil?: string;
}

const digestKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'DIGEST#approvals' });

export const getDigestState = async (userId: string): Promise<DigestState> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: digestKey(userId), ConsistentRead: true }),
  );
  return {
    ...(typeof Item?.lastSentAt === 'string' && { lastSentAt: Item.lastSentAt }),
    ...(typeof Item?.coveredUntil === 'string' && { coveredUntil: Item.coveredUntil }),
  };
};

/**
 * Takes the right to send the next digest: only when the last one went before `notAfter` and
 * nobody moved the state since it was read (`seen`), so two senders never both send. False when
 * another sender or the interval got there first.
 */
export const claimDigest = async (
  userId: string,
  seen: DigestState,
  next: { sentAt: string; coveredUntil: string },
  notAfter: string,
): Promise<boolean> => {
  const values: Record<string, unknown> = { ':sentAt': next.sentAt, ':covered': next.coveredUntil };
  const conditions: string[] = [];
  if (seen.lastSentAt === undefined) conditions.push('attribute_not_exists(lastSentAt)');
  else {
    conditions.push('lastSentAt = :seenSent', 'lastSentAt <= :notAfter');
    values[':seenSent'] = seen.lastSentAt;
    values[':notAfter'] = notAfter;
  }
  if (seen.coveredUntil === undefined) conditions.push('attribute_not_exists(coveredUntil)');
  else {
    conditions.push('coveredUntil = :seenCovered');
    values[':seenCovered'] = seen.coveredUntil;
  }
  return conditionalUpdate({
    Key: digestKey(userId),
    UpdateExpression: 'SET lastSentAt = :sentAt, coveredUntil = :covered, entity = :entity',
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeValues: { ...values, ':entity': 'approval-digest' },
  });
};

/** Gives a claim back after its email could not be sent, so the next run lists those requests again. */
export const releaseDigest = async (userId: string, claimedAt: string, previous: DigestState): Promise<void> => {
  const set = [
    ...(previous.lastSentAt === undefined ? [] : ['lastSentAt = :lastSentAt']),
    ...(previous.coveredUntil === undefined ? [] : ['coveredUntil = :coveredUntil']),
  ];
  const remove = [
    ...(previous.lastSentAt === undefined ? ['lastSentAt'] : []),
    ...(previous.coveredUntil === undefined ? ['coveredUntil'] : []),
  ];
  await conditionalUpdate({
    Key: digestKey(userId),
    UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : '']
      .filter(Boolean)
      .join(' '),
    ConditionExpression: 'lastSentAt = :claimedAt',
    ExpressionAttributeValues: {
      ':claimedAt': claimedAt,
      ...(previous.lastSentAt !== undefined && { ':lastSentAt': previous.lastSentAt }),
      ...(previous.coveredUntil !== undefined && { ':coveredUntil': previous.coveredUntil }),
    },
  });
};
