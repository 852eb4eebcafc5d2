import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import type { ComponentHubApp } from './build-app.ts';
import { routeNeeds } from './constructs/api-function.ts';
import { buildTestApp } from './test-app.ts';

/*
 * Least privilege on the identity items: a function whose route never reads password hashes,
 * reset or invitation tokens cannot touch them (explicit denies by leading key), only the
 * routes that sign in or out can create or delete sessions, jobs reach none of them, and no
 * function can Scan the table.
 */
type Statement = {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Condition?: Record<string, Record<string, string[]>>;
};

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The statements of the IAM policies attached to one role. */
const statementsOfRole = (stack: Stack, role: IRole): Statement[] => {
  const resources = Template.fromStack(stack).toJSON().Resources as Record<
    string,
    { Type: string; Properties?: { Roles?: { Ref: string }[]; PolicyDocument?: { Statement: Statement[] } } }
  >;
  const roleId = stack.resolve((role.node.defaultChild as unknown as { logicalId: string }).logicalId) as string;
  return Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .filter((resource) => asArray(resource.Properties?.Roles).some((ref) => ref.Ref === roleId))
    .flatMap((resource) => resource.Properties?.PolicyDocument?.Statement ?? []);
};

const deniedOn = (statements: Statement[], leadingKey: string): string[] =>
  statements
    .filter(
      (statement) =>
        statement.Effect === 'Deny' &&
        asArray(statement.Condition?.['ForAnyValue:StringLike']?.['dynamodb:LeadingKeys']).includes(leadingKey),
    )
    .flatMap((statement) => asArray(statement.Action));

const allowed = (statements: Statement[]): string[] =>
  statements.filter((statement) => statement.Effect === 'Allow').flatMap((statement) => asArray(statement.Action));

const ALL_ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

describe('identity items in IAM', () => {
  let built: ComponentHubApp;
  beforeAll(() => {
    built = buildTestApp();
  });

  const statementsOf = (handler: string) =>
    statementsOfRole(Stack.of(built.api.functions.get(handler)!), built.api.functions.get(handler)!.role);

  it('no API function can Scan the table, public routes included', () => {
    const publicRoutes = routes.filter((route) => route.access === 'public');
    expect(publicRoutes.length).toBeGreaterThan(3);
    for (const route of routes) {
      const actions = allowed(statementsOf(route.handler));
      expect(actions, route.handler).toContain('dynamodb:Query');
      expect(actions, route.handler).not.toContain('dynamodb:Scan');
    }
  });

  it('keeps password hashes, tokens and session writes from every route that does not name them', () => {
    for (const route of routes) {
      const statements = statementsOf(route.handler);
      const needs = routeNeeds(route);
      const hashes = deniedOn(statements, 'PASSWORD#*');
      expect(hashes.sort(), `${route.handler}: password hashes`).toEqual(
        needs.includes('credentials') ? [] : [...ALL_ITEM_ACTIONS].sort(),
      );
      for (const token of ['RESET#*', 'INVITE#*', 'EMAILCONFIRM#*']) {
        expect(deniedOn(statements, token).sort(), `${route.handler}: ${token}`).toEqual(
          needs.includes('email-tokens') ? [] : [...ALL_ITEM_ACTIONS].sort(),
        );
      }
      // Sign-ins in flight hold PKCE verifiers: only the routes that start and finish them.
      for (const key of ['SSOSTATE#*', 'SSOSID#*']) {
        expect(deniedOn(statements, key).sort(), `${route.handler}: ${key}`).toEqual(
          needs.includes('sso-state') ? [] : [...ALL_ITEM_ACTIONS].sort(),
        );
      }
      // Second-factor secrets, recovery code hashes and passkeys are credentials too.
      expect(deniedOn(statements, 'FACTOR#*').sort(), `${route.handler}: second factors`).toEqual(
        needs.includes('second-factor') ? [] : [...ALL_ITEM_ACTIONS].sort(),
      );
      // A pending sign-in is one factor short of a session: only the routes that start sessions reach it.
      expect(deniedOn(statements, 'SIGNIN#*').sort(), `${route.handler}: pending sign-ins`).toEqual(
        needs.includes('sessions') ? [] : [...ALL_ITEM_ACTIONS].sort(),
      );
      const sessions = deniedOn(statements, 'SESSION#*');
      if (needs.includes('sessions')) expect(sessions, route.handler).toEqual([]);
      else {
        expect(sessions, route.handler).toEqual(
          expect.arrayContaining([
            'dynamodb:PutItem',
            'dynamodb:DeleteItem',
            'dynamodb:BatchWriteItem',
            'dynamodb:Query',
          ]),
        );
        // Looking a session up and sliding its expiry is how every request is signed in.
        expect(sessions, route.handler).not.toContain('dynamodb:GetItem');
        expect(sessions, route.handler).not.toContain('dynamodb:BatchGetItem');
        expect(sessions, route.handler).not.toContain('dynamodb:UpdateItem');
      }
    }
  });

  it('names the identity needs only where the route uses them', () => {
    const withNeed = (need: 'credentials' | 'email-tokens' | 'sessions' | 'sso-state' | 'second-factor') =>
      routes
        .filter((route) => routeNeeds(route).includes(need))
        .map((route) => route.handler)
        .sort();
    expect(withNeed('credentials')).toEqual([
      'auth/accept-invite',
      'auth/change-password',
      'auth/delete-user',
      'auth/login',
      'auth/reset-password',
      'auth/update-user',
      'second-factor/regenerate-recovery-codes',
      'second-factor/remove-second-factor',
      'users/create-user',
      'users/delete-user',
      'users/set-user-password',
    ]);
    expect(withNeed('second-factor')).toEqual([
      'auth/finish-second-factor',
      'second-factor/add-passkey',
      'second-factor/get-second-factor',
      'second-factor/regenerate-recovery-codes',
      'second-factor/remove-second-factor',
      'second-factor/set-up-totp',
      'users/reset-second-factor',
    ]);
    expect(withNeed('email-tokens')).toEqual([
      'auth/accept-invite',
      // Reads an invitation token without using it.
      'auth/check-invite',
      'auth/confirm-email',
      'auth/forgot-password',
      'auth/reset-password',
      'auth/update-user',
      'users/invite-user',
    ]);
    expect(withNeed('sso-state')).toEqual([
      'sso/end-provider-sessions',
      'sso/finish-sign-in',
      'sso/start-reauthentication',
      'sso/start-sign-in',
    ]);
    expect(withNeed('sessions')).toEqual([
      'auth/accept-invite',
      'auth/delete-user',
      'auth/end-other-sessions',
      'auth/end-session',
      'auth/finish-second-factor',
      'auth/list-sessions',
      'auth/login',
      'auth/logout',
      'sso/end-provider-sessions',
      'sso/finish-sign-in',
      'users/end-user-sessions',
    ]);
    // The catalogue routes, the bulk of the API, reach none of them.
    for (const handler of ['components/list-components', 'components/get-component', 'import/import-excel']) {
      const statements = statementsOf(handler);
      for (const key of ['PASSWORD#*', 'RESET#*', 'INVITE#*', 'FACTOR#*', 'SIGNIN#*'])
        expect(deniedOn(statements, key), handler).not.toEqual([]);
    }
  });

  it('jobs reach no identity item at all, and cannot Scan', () => {
    const jobs = [
      ...[...built.jobs.jobFunctions.values()].map((job) => ({ stack: built.jobs as Stack, role: job.role })),
      { stack: built.api as Stack, role: built.api.approvalDigests.role },
    ];
    expect(jobs.length).toBeGreaterThan(1);
    for (const job of jobs) {
      const statements = statementsOfRole(job.stack, job.role);
      expect(allowed(statements)).not.toContain('dynamodb:Scan');
      for (const key of [
        'PASSWORD#*',
        'RESET#*',
        'INVITE#*',
        'EMAILCONFIRM#*',
        'SESSION#*',
        'SSOSTATE#*',
        'SSOSID#*',
        'FACTOR#*',
        'SIGNIN#*',
      ]) {
        expect(deniedOn(statements, key).sort(), key).toEqual([...ALL_ITEM_ACTIONS].sort());
      }
    }
  });
});
