import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { SEARCH_HOLDER_HANDLER, type RouteDefinition } from '#shared/routes';
import { constructIdFor } from '../construct-ids.ts';
import { ApiFunction } from '../constructs/api-function.ts';
import { physicalFunctionName, type FunctionResources } from '../constructs/app-function.ts';
import { JobFunction } from '../constructs/job-function.ts';
import { DEFAULT_CATALOGUE_SIZE, searchFunctionSizing } from '../search-sizing.ts';

export interface ApiStackProps extends StackProps {
  readonly routes: readonly RouteDefinition[];
  /** The parts the catalogue is declared to hold: the search function is sized from it (infra/search-sizing.ts). */
  readonly catalogueSize?: number;
  readonly httpApi: IHttpApi;
  readonly table: ITable;
  readonly attachmentsBucket: IBucket;
  /** The site's origin, for links in emails (APP_URL). */
  readonly appUrl: string;
  /** The verified SES sender address (context `sesSenderEmail`). */
  readonly senderEmail: string;
  /**
   * The Secrets Manager secret (complete ARN) with the distributor credentials as JSON
   * (`digikeyClientId`, `digikeyClientSecret`, `mouserApiKey`; context `distributorSecretArn`):
   * routes that need 'distributor-credentials' read it at cold start. Without it they answer 503.
   */
  readonly distributorSecretArn?: string;
  /** Added to every function's environment (LocalStack: path-style S3 and its endpoint). */
  readonly extraEnvironment?: Readonly<Record<string, string>>;
  /** The image-batch state machine (the jobs stack), for routes that need 'batches'. */
  readonly imageBatches?: IStateMachine;
  /** Minutes between two digest emails to one administrator (the functions default to 30). */
  readonly approvalDigestIntervalMinutes?: number;
  /** The secret CloudFront adds to every API request (the web stack); every function refuses requests without it. */
  readonly originVerifySecret?: ISecret;
  /** The Excel import state machine (the jobs stack), for routes that need 'import-jobs'. */
  readonly importJobs?: IStateMachine;
  /** Single sign-on with the company's OpenID provider (context `oidc*`); absent: password login only. */
  readonly sso?: SsoProps;
  /** `admins-only`: only administrators may sign in with a password (context `passwordLogin`). */
  readonly passwordLogin?: 'on' | 'admins-only';
  /**
   * `never`: accounts made by single sign-on never get a password (context `ssoAccountPasswords`);
   * by default one may be set just after a fresh sign-in at the provider.
   */
  readonly ssoAccountPasswords?: 'after-fresh-sign-in' | 'never';
  /** `admins`: administrators must have a second factor (context `secondFactorRequiredFor`). */
  readonly secondFactorRequiredFor?: 'optional' | 'admins';
  /** `off`: a reviewer may decide their own request (context `fourEyes`); on by default. */
  readonly fourEyes?: 'on' | 'off';
  /** The catalogue's languages (CATALOGUE_LANGUAGES), the default first; English alone when unset. */
  readonly catalogueLanguages?: readonly string[];
}

export interface SsoProps {
  readonly issuer: string;
  readonly clientId: string;
  /** The Secrets Manager secret (complete ARN) holding the client secret as plain text; none for a public client. */
  readonly clientSecretArn?: string;
  readonly scopes?: string;
  readonly groupsClaim?: string;
  readonly adminGroups?: string;
  readonly allowedDomains?: string;
  readonly allowedGroups?: string;
  readonly buttonLabel?: string;
}

/** Where the provider sends people back: the callback route on the site's own origin. */
export const ssoCallbackUrl = (appUrl: string): string => `${appUrl}/api/sso/callback`;

const ssoEnvironment = (sso: SsoProps | undefined, appUrl: string): Record<string, string> =>
  sso
    ? {
        OIDC_ISSUER: sso.issuer,
        OIDC_CLIENT_ID: sso.clientId,
        OIDC_REDIRECT_URI: ssoCallbackUrl(appUrl),
        ...(sso.scopes && { OIDC_SCOPES: sso.scopes }),
        ...(sso.groupsClaim && { OIDC_GROUPS_CLAIM: sso.groupsClaim }),
        ...(sso.adminGroups && { OIDC_ADMIN_GROUPS: sso.adminGroups }),
        ...(sso.allowedDomains && { OIDC_ALLOWED_DOMAINS: sso.allowedDomains }),
        ...(sso.allowedGroups && { OIDC_ALLOWED_GROUPS: sso.allowedGroups }),
        ...(sso.buttonLabel && { OIDC_BUTTON_LABEL: sso.buttonLabel }),
      }
    : {};

/**
 * The route areas whose functions live in a stack of their own (`<id>Accounts`): every route
 * brings seven resources (function, role, policy, log group, integration, permission, route), and
 * one stack holds at most 500. Everything else stays in this stack.
 */
export const ACCOUNT_ROUTE_AREAS: readonly string[] = [
  'auth',
  'users',
  'sso',
  'second-factor',
  'notifications',
  'tokens',
];

const areaOf = (route: RouteDefinition): string => route.handler.split('/')[0]!;

/**
 * One Lambda and one HTTP API route per entry of the route manifest, each function with the
 * least it needs: read/write on the table, the CSRF key, and what its `needs` list asks for.
 * The accounts' routes are in a second stack beside this one, sharing its CSRF key and sender.
 */
export class ApiStack extends Stack {
  /** The functions by handler module (`auth/login`), whichever stack holds them. */
  readonly functions = new Map<string, ApiFunction>();
  /** This stack and the one beside it that holds the accounts' routes. */
  readonly routeStacks: Stack[] = [this];
  readonly senderIdentity: EmailIdentity;
  readonly csrfSecret: Secret;
  /** The scheduled sender of administrators' digest emails. */
  readonly approvalDigests: JobFunction;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    // A function, role, policy, log group, integration, permission and route per endpoint bring
    // the template near CloudFormation's 1 MB: it is written without indentation (same content).
    super(scope, id, { suppressTemplateIndentation: true, ...props });

    // Verification email goes to this address on first deploy; SES sends nothing from it
    // until the link in it is followed (and, in the SES sandbox, only to verified recipients).
    this.senderIdentity = new EmailIdentity(this, 'SenderIdentity', {
      identity: Identity.email(props.senderEmail),
    });

    // HMAC key that binds CSRF tokens to a session. Generated by Secrets Manager, so its
    // value never appears in the template; the functions read it at cold start.
    this.csrfSecret = new Secret(this, 'CsrfSecret', {
      description: `${id}: HMAC key for CSRF tokens`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.csrfSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The CSRF HMAC key has no scheduled rotation: Secrets Manager rotates a generic secret only through a ' +
        'rotation Lambda of our own, and a new key invalidates every CSRF token in flight. It protects CSRF ' +
        'tokens only (sessions are separate random tokens); rotate by hand if it ever leaks.',
    });

    const environment = {
      MAIL_FROM: `Component Hub <${props.senderEmail}>`,
      APP_URL: props.appUrl,
      CSRF_SECRET_ARN: this.csrfSecret.secretArn,
      ...(props.originVerifySecret && { ORIGIN_VERIFY_SECRET_ARN: props.originVerifySecret.secretArn }),
      POWERTOOLS_SERVICE_NAME: 'component-hub',
      // Only when it differs from the functions' default (`on`).
      ...(props.passwordLogin === 'admins-only' && { PASSWORD_LOGIN: 'admins-only' }),
      ...(props.ssoAccountPasswords === 'never' && { SSO_ACCOUNT_PASSWORDS: 'never' }),
      ...(props.secondFactorRequiredFor === 'admins' && { SECOND_FACTOR_REQUIRED_FOR: 'admins' }),
      ...(props.fourEyes === 'off' && { FOUR_EYES: 'off' }),
      ...(props.catalogueLanguages && { CATALOGUE_LANGUAGES: props.catalogueLanguages.join(',') }),
      ...ssoEnvironment(props.sso, props.appUrl),
      ...props.extraEnvironment,
    };
    // Only the callback, which redeems the authorization code, can read the client secret.
    const oidcClientSecret: ISecret | undefined = props.sso?.clientSecretArn
      ? Secret.fromSecretCompleteArn(this, 'OidcClientSecret', props.sso.clientSecretArn)
      : undefined;
    const distributorSecret: ISecret | undefined = props.distributorSecretArn
      ? Secret.fromSecretCompleteArn(this, 'DistributorSecret', props.distributorSecretArn)
      : undefined;

    const resources: FunctionResources = {
      table: props.table,
      bucket: props.attachmentsBucket,
      senderIdentity: this.senderIdentity,
      ...(distributorSecret && { distributorSecret }),
      ...(oidcClientSecret && { oidcClientSecret }),
      ...(props.imageBatches && { imageBatches: props.imageBatches }),
      ...(props.importJobs && { importJobs: props.importJobs }),
      // The one holder of the search index, which the other routes ask (need 'search-holder').
      searchFunctionName: physicalFunctionName(this.stackName, constructIdFor(SEARCH_HOLDER_HANDLER)),
    };
    const searchSizing = searchFunctionSizing(props.catalogueSize ?? DEFAULT_CATALOGUE_SIZE);

    const accountRoutes = props.routes.filter((route) => ACCOUNT_ROUTE_AREAS.includes(areaOf(route)));
    const accounts =
      accountRoutes.length > 0
        ? new Stack(scope, `${id}Accounts`, {
            ...(props.env && { env: props.env }),
            description: `${props.description ?? id}: the accounts' routes (sign-in, users, single sign-on, notifications)`,
            suppressTemplateIndentation: true,
          })
        : undefined;
    if (accounts) this.routeStacks.push(accounts);

    for (const route of props.routes) {
      const host = accounts && ACCOUNT_ROUTE_AREAS.includes(areaOf(route)) ? accounts : this;
      const fnId = constructIdFor(route.handler);
      if (this.functions.has(route.handler) || host.node.tryFindChild(fnId)) {
        throw new Error(`Two manifest entries share the handler or construct id ${route.handler} (${fnId})`);
      }
      const fn = new ApiFunction(host, fnId, {
        route,
        environment,
        resources,
        ...(route.handler === SEARCH_HOLDER_HANDLER && { sizing: searchSizing }),
      });
      this.functions.set(route.handler, fn);
      this.csrfSecret.grantRead(fn.function);
      props.originVerifySecret?.grantRead(fn.function);

      const httpRoute = new HttpRoute(host, `${fnId}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${fnId}Integration`, fn.function),
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          route.access === 'public'
            ? `${route.method} ${route.path} is public by design (access 'public' in shared/routes.ts).`
            : `${route.method} ${route.path} requires a signed-in ${route.access}: the handler's middleware checks the ` +
              "session cookie and role from the route manifest (API Gateway's JWT/IAM authorizers do not read an " +
              'HttpOnly session cookie); the authorization matrix tests cover every route.',
      });
    }

    // Administrators' email digests of waiting requests: a run every few minutes sends each one
    // at most one email per APPROVAL_DIGEST_INTERVAL_MINUTES (the state in the table says when).
    this.approvalDigests = new JobFunction(this, 'ApprovalDigests', {
      job: 'send-approval-digests',
      description: 'Emails administrators a digest of new approval requests',
      timeout: Duration.minutes(1),
      functionName: physicalFunctionName(this.stackName, 'ApprovalDigests'),
      resources,
      needs: ['mail'],
      environment: {
        MAIL_FROM: environment.MAIL_FROM,
        APP_URL: environment.APP_URL,
        POWERTOOLS_SERVICE_NAME: environment.POWERTOOLS_SERVICE_NAME,
        ...(props.approvalDigestIntervalMinutes !== undefined && {
          APPROVAL_DIGEST_INTERVAL_MINUTES: String(props.approvalDigestIntervalMinutes),
        }),
        ...props.extraEnvironment,
      },
    });
    new Rule(this, 'ApprovalDigestSchedule', {
      description: 'Runs the approval digest sender',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(this.approvalDigests.function, { retryAttempts: 0 })],
    });

    new CfnOutput(this, 'ApiUrl', { value: `${props.httpApi.apiEndpoint}/` });
    if (props.sso) {
      new CfnOutput(this, 'SsoCallbackUrl', {
        value: ssoCallbackUrl(props.appUrl),
        description:
          "Register this redirect URI with the OpenID provider (web platform); the login page's address for sign-out.",
      });
      new CfnOutput(this, 'SsoSignOutRedirectUrl', { value: `${props.appUrl}/app/auth` });
    }
  }
}
