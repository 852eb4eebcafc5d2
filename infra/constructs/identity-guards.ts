import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Need } from '#shared/routes';
import { ITEM_ACTIONS, identityFamilies } from '#lib/identity-keys';
import { tableDefinition } from '#repositories/table-definition';

/** What a function needs of the identity items when it is no API route at all (jobs): nothing. */
export const NO_IDENTITY_NEEDS: readonly Need[] = [];

/**
 * Explicit denies on the identity items a function does not need (`identityFamilies`), by
 * DynamoDB's `dynamodb:LeadingKeys` condition key (the partition key of every item a request
 * touches, in transactions and batches too). An explicit deny wins over the table grant, so a
 * flaw in one function cannot read a hash or a token it never had to. `forJobs` also closes
 * what API functions keep for sessions: a job never signs anyone in.
 */
export const identityKeyGuards = (
  table: ITable,
  needs: readonly Need[],
  options: { forJobs?: boolean } = {},
): PolicyStatement[] =>
  identityFamilies
    .filter((family) => !needs.includes(family.need))
    .map(
      (family) =>
        new PolicyStatement({
          effect: Effect.DENY,
          actions: [...(options.forJobs ? ITEM_ACTIONS : family.deniedActions)],
          resources: [
            table.tableArn,
            ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
          ],
          conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': family.leadingKeys } },
        }),
    );
