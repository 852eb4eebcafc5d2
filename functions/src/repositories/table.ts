import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients';
import { config } from '#lib/config';

export const tableName = (): string => config().TABLE_NAME;

/** Epoch seconds, the unit of the table's TTL attribute `expiresAt`. */
export const epochSeconds = (date: Date = new Date()): number => Math.floor(date.getTime() / 1000);

const hasName = (error: unknown, name: string): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === name;

export const isConditionFailure = (error: unknown): boolean =>
  hasName(error, 'ConditionalCheckFailedException') ||
  (hasName(error, 'TransactionCanceledException') &&
    typeof error === 'object' &&
    error !== null &&
    'CancellationReasons' in error &&
    Array.isArray(error.CancellationReasons) &&
    error.CancellationReasons.some((reason: { Code?: string }) => reason.Code === 'ConditionalCheckFailed'));

const isTransactionConflict = (error: unknown): boolean =>
  hasName(error, 'TransactionConflictException') ||
  (hasName(error, 'TransactionCanceledException') &&
    Array.isArray((error as { CancellationReasons?: unknown }).CancellationReasons) &&
    (error as { CancellationReasons: { Code?: string }[] }).CancellationReasons.some((reason) => reason?.Code === 'TransactionConflict') &&
    !isConditionFailure(error));

/**
 * One transaction, retried with jitter while it only collided with another transaction in
 * flight; a failed condition is thrown to the caller (`isConditionFailure`).
 */
export const transact = async (items: NonNullable<TransactWriteCommandInput['TransactItems']>, attempts = 10): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));
    }
  }
};
