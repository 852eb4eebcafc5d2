import type { Need } from '#shared/routes';

/** The item actions of DynamoDB's IAM, as the table grant names them. */
export const ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

export interface IdentityFamily {
  /** The manifest need that opens the family to a route. */
  need: Need;
  /** Partition-key prefixes, as `dynamodb:LeadingKeys` patterns. */
  leadingKeys: string[];
  /** What a route without the need may not do on these items. */
  deniedActions: readonly ItemAction[];
}

/**
 * The identity items, by the leading key of their partition, and what stays closed to a route
 * that does not name the need. A session is looked up (alone or in a batch with the request's
 * other reads) and its idle expiry slid on every signed-in request, so every API function may
 * get and update one (by its hash, which only the cookie's holder knows); starting and ending
 * sessions is kept to the routes that do.
 * The CDK turns this into IAM denies; the local stack enforces the same table on every request.
 */
export const identityFamilies: readonly IdentityFamily[] = [
  { need: 'credentials', leadingKeys: ['PASSWORD#*'], deniedActions: ITEM_ACTIONS },
  { need: 'email-tokens', leadingKeys: ['RESET#*', 'INVITE#*', 'EMAILCONFIRM#*'], deniedActions: ITEM_ACTIONS },
  // Sign-ins in flight hold the PKCE verifier and nonce; the provider sessions behind hub sessions
  // say which sessions a provider's logout ends: only the single sign-on routes.
  { need: 'sso-state', leadingKeys: ['SSOSTATE#*', 'SSOSID#*'], deniedActions: ITEM_ACTIONS },
  { need: 'second-factor', leadingKeys: ['FACTOR#*'], deniedActions: ITEM_ACTIONS },
  // A sign-in waiting for its second factor is as good as a session once the factor is given.
  { need: 'sessions', leadingKeys: ['SIGNIN#*'], deniedActions: ITEM_ACTIONS },
  // An access token is read, and its last use noted, on every request that carries one.
  {
    need: 'access-tokens',
    leadingKeys: ['APITOKEN#*'],
    deniedActions: ITEM_ACTIONS.filter((action) => action !== 'dynamodb:GetItem' && action !== 'dynamodb:UpdateItem'),
  },
  {
    need: 'sessions',
    leadingKeys: ['SESSION#*'],
    deniedActions: ITEM_ACTIONS.filter(
      (action) =>
        action !== 'dynamodb:GetItem' && action !== 'dynamodb:BatchGetItem' && action !== 'dynamodb:UpdateItem',
    ),
  },
];

/** The first family whose denies forbid `action` on `partitionKey` to a route with `needs`. */
export const deniedFamily = (
  partitionKey: string,
  action: ItemAction,
  needs: readonly Need[],
): IdentityFamily | undefined =>
  identityFamilies.find(
    (family) =>
      !needs.includes(family.need) &&
      family.deniedActions.includes(action) &&
      family.leadingKeys.some((pattern) => partitionKey.startsWith(pattern.replace(/\*$/, ''))),
  );
