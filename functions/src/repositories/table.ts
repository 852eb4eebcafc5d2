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
