import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { conditionalUpdate, conditionalWrite, tableName } from './table';

/*
 * The local demo seed's progress: `SEED#<name>` / `META`. Claimed before the first component id is
 * reserved and completed after the last part is written, so a start cut short in between (a
 * timeout, Ctrl-C) is finished by the next start instead of leaving a partial catalogue for good.
 */

export type SeedName = 'catalogue';

export interface SeedState {
  status: 'seeding' | 'complete';
  /** How many parts, generated from `seed`. */
  count: number;
  seed: number;
  /** The first of the `count` consecutive component ids reserved for the parts, once reserved. */
  firstId?: number;
  startedAt: string;
  completedAt?: string;
}

const seedKey = (name: SeedName) => ({ pk: `SEED#${name}`, sk: 'META' });

export const getSeedState = async (name: SeedName): Promise<SeedState | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: seedKey(name), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    status: Item.status === 'complete' ? 'complete' : 'seeding',
    count: Number(Item.count),
    seed: Number(Item.seed),
    ...(Item.firstId !== undefined && { firstId: Number(Item.firstId) }),
    startedAt: String(Item.startedAt),
    ...(Item.completedAt !== undefined && { completedAt: String(Item.completedAt) }),
  };
};

/** Claims the seed: false when it was claimed already (then read it again). */
export const claimSeed = async (
  name: SeedName,
  state: Pick<SeedState, 'count' | 'seed' | 'startedAt'>,
): Promise<boolean> =>
  conditionalWrite(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...seedKey(name), entity: 'seed', status: 'seeding', ...state },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );

/** Records the reserved ids once: false when a claim already holds some (then use those). */
export const setSeedFirstId = async (name: SeedName, firstId: number): Promise<boolean> =>
  conditionalUpdate({
    Key: seedKey(name),
    UpdateExpression: 'SET firstId = :firstId',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(firstId)',
    ExpressionAttributeValues: { ':firstId': firstId },
  });

/** Marks a claimed seed complete: false when it was not being seeded. */
export const completeSeed = async (name: SeedName, completedAt: string): Promise<boolean> =>
  conditionalUpdate({
    Key: seedKey(name),
    UpdateExpression: 'SET #status = :complete, completedAt = :completedAt',
    ConditionExpression: '#status = :seeding',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':complete': 'complete', ':seeding': 'seeding', ':completedAt': completedAt },
  });
