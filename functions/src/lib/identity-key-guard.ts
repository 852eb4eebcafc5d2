import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Need } from '#shared/routes';
import { deniedFamily, type ItemAction } from './identity-keys';

/*
 * The local stack's stand-in for the per-route IAM denies on identity items (DynamoDB Local does
 * not evaluate IAM): while a route's handler runs, every DynamoDB request it makes is checked
 * against the route's manifest needs with the same table the CDK turns into policies, and one
 * AWS would refuse is refused here too, as AccessDeniedException. So a route that forgets to
 * name `credentials` or `sessions` fails in the tests, not first on AWS. Code outside a route
 * (jobs, seeds, tests calling repositories) is not checked.
 */
const routeNeeds = new AsyncLocalStorage<{ route: string; needs: readonly Need[] }>();

/** Runs a route's handler with its manifest needs in scope for the guard. */
export const withRouteNeeds = <T>(route: string, needs: readonly Need[], run: () => Promise<T>): Promise<T> =>
  routeNeeds.run({ route, needs }, run);

type Input = Record<string, unknown>;
const pkOf = (key: unknown): string | undefined => {
  const pk = (key as { pk?: unknown } | undefined)?.pk;
  return typeof pk === 'string' ? pk : undefined;
};

/** The (action, partition key) pairs a request touches, as IAM sees them. */
const touched = (command: string, input: Input): { action: ItemAction | 'dynamodb:Scan'; pk?: string }[] => {
  switch (command) {
    case 'GetItemCommand':
      return [{ action: 'dynamodb:GetItem', pk: pkOf(input.Key) }];
    case 'PutItemCommand':
      return [{ action: 'dynamodb:PutItem', pk: pkOf(input.Item) }];
    case 'UpdateItemCommand':
      return [{ action: 'dynamodb:UpdateItem', pk: pkOf(input.Key) }];
    case 'DeleteItemCommand':
      return [{ action: 'dynamodb:DeleteItem', pk: pkOf(input.Key) }];
    case 'ScanCommand':
      return [{ action: 'dynamodb:Scan' }];
    case 'QueryCommand': {
      // An index query is judged by its index partition key: identity items keep their family's
      // prefix there too (a user's sessions are `SESSION#USER#<id>`), so listing them needs the
      // same manifest need as reading them.
      const keyName = input.IndexName ? `${String(input.IndexName)}pk` : 'pk';
      const placeholder = new RegExp(`\\b${keyName}\\s*=\\s*(:\\w+)`).exec(
        String(input.KeyConditionExpression ?? ''),
      )?.[1];
      const value = placeholder && (input.ExpressionAttributeValues as Input | undefined)?.[placeholder];
      return [{ action: 'dynamodb:Query', pk: typeof value === 'string' ? value : undefined }];
    }
    case 'TransactWriteItemsCommand':
      return ((input.TransactItems as Input[] | undefined) ?? []).map((item) =>
        item.Put
          ? { action: 'dynamodb:PutItem', pk: pkOf((item.Put as Input).Item) }
          : item.Update
            ? { action: 'dynamodb:UpdateItem', pk: pkOf((item.Update as Input).Key) }
            : item.Delete
              ? { action: 'dynamodb:DeleteItem', pk: pkOf((item.Delete as Input).Key) }
              : { action: 'dynamodb:ConditionCheckItem', pk: pkOf((item.ConditionCheck as Input | undefined)?.Key) },
      );
    case 'BatchGetItemCommand':
      return Object.values((input.RequestItems as Record<string, { Keys?: unknown[] }>) ?? {}).flatMap((table) =>
        (table.Keys ?? []).map((key) => ({ action: 'dynamodb:BatchGetItem' as const, pk: pkOf(key) })),
      );
    case 'BatchWriteItemCommand':
      return Object.values((input.RequestItems as Record<string, Input[]>) ?? {}).flatMap((requests) =>
        requests.map((request) => ({
          action: 'dynamodb:BatchWriteItem' as const,
          pk: pkOf(
            (request.PutRequest as Input | undefined)?.Item ?? (request.DeleteRequest as Input | undefined)?.Key,
          ),
        })),
      );
    default:
      return [];
  }
};

const accessDenied = (message: string) => Object.assign(new Error(message), { name: 'AccessDeniedException' });

type Stack = DynamoDBDocumentClient['middlewareStack'];
type Args = { input: object };

/** An initialize-step middleware: it sees the command's input before it is marshalled. */
const guard = (next: (args: Args) => Promise<unknown>, context: { commandName?: string }) => async (args: Args) => {
  const scope = routeNeeds.getStore();
  if (scope) {
    for (const { action, pk } of touched(String(context.commandName), args.input as Input)) {
      if (action === 'dynamodb:Scan') throw accessDenied(`${scope.route} may not Scan the table`);
      const family = pk === undefined ? undefined : deniedFamily(pk, action, scope.needs);
      if (family) {
        throw accessDenied(
          `${scope.route} may not ${action} on ${family.leadingKeys.join(', ')} without '${family.need}' in shared/routes.ts`,
        );
      }
    }
  }
  return next(args);
};

/** Adds the guard to a DynamoDB client's middleware stack (the local stack and the tests). */
export const addIdentityKeyGuard = (stack: Stack): void => {
  // The SDK's middleware types are generic over every step; this one is an initialize middleware.
  stack.add(guard as never, { step: 'initialize', name: 'identityKeyGuard', priority: 'high' });
};
