import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Need } from '#shared/routes';
import { tableDefinition } from '#repositories/table-definition';

/** Every item action a function could be granted on the table. */
const ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * The identity items, by the leading key of their partition, and which actions stay open to a
 * function that does not name the need. A session is looked up and its idle expiry slid on
 * every signed-in request, so every API function may get and update one (by its hash, which
 * only the cookie's holder knows); starting and ending sessions is kept to the routes that do.
 */
const identityFamilies: { need: Need; leadingKeys: string[]; deniedActions: string[] }[] = [
  { need: 'credentials', leadingKeys: ['PASSWORD#*'], deniedActions: ITEM_ACTIONS },
  { need: 'email-tokens', leadingKeys: ['RESET#*', 'INVITE#*'], deniedActions: ITEM_ACTIONS },
  {
    need: 'sessions',
    leadingKeys: ['SESSION#*'],
    deniedActions: ITEM_ACTIONS.filter((action) => action !== 'dynamodb:GetItem' && action !== 'dynamodb:UpdateItem'),
  },
];

/** What a function keeps away from entirely when it is no API route at all (jobs). */
export const NO_IDENTITY_NEEDS: readonly Need[] = [];

/**
 * Explicit denies on the identity items a function does not need, by DynamoDB's
 * `dynamodb:LeadingKeys` condition key (the partition key of every item a request touches, in
 * transactions and batches too). An explicit deny wins over the table grant, so a flaw in one
 * function cannot read a hash or a token it never had to. `forJobs` also closes what API
 * functions keep for sessions: a job never signs anyone in.
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
          actions: options.forJobs ? ITEM_ACTIONS : family.deniedActions,
          resources: [
            table.tableArn,
            ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
          ],
          conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': family.leadingKeys } },
        }),
    );
