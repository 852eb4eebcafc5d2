import { App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { parseCatalogueLanguages } from '#shared/languages';
import { routes as manifestRoutes, SEARCH_HOLDER_HANDLER, type RouteDefinition } from '#shared/routes';
import { ComponentHubNagChecks } from './nag.ts';
import { defaultWebDistDir } from './paths.ts';
import { physicalFunctionName } from './constructs/app-function.ts';
import { constructIdFor } from './construct-ids.ts';
import { catalogueSizeOf } from './search-sizing.ts';
import { ApiStack, type SsoProps } from './stacks/api-stack.ts';
import { DataStack, isDevStage } from './stacks/data-stack.ts';
import { JobsStack, SEARCH_SNAPSHOT_FUNCTION_ID } from './stacks/jobs-stack.ts';
import { MonitoringStack } from './stacks/monitoring-stack.ts';
import { WebStack } from './stacks/web-stack.ts';

export interface BuildAppOptions {
  /** Context, as `cdk.json` and `-c key=value` give it to the CLI. */
  readonly context?: Record<string, unknown>;
  /** Where to write the cloud assembly (tests use a temporary directory). */
  readonly outdir?: string;
  /** The route manifest; tests can pass their own. */
  readonly routes?: readonly RouteDefinition[];
}

export interface ComponentHubApp {
  readonly app: App;
  readonly stage: string;
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  readonly monitoring: MonitoringStack;
  readonly jobs: JobsStack;
}

const optionalString = (app: App, key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context '${key}' must be a string`);
  return value;
};

/**
 * Single sign-on from context: `oidcIssuer` (https), `oidcClientId`, `oidcClientSecretArn` (a
 * Secrets Manager secret holding the client secret as plain text), `oidcScopes`,
 * `oidcGroupsClaim`, `oidcAdminGroups`, `oidcAllowedDomains`, `oidcAllowedGroups` (comma
 * separated), `oidcButtonLabel`. Without `oidcIssuer`: no single sign-on.
 */
const ssoContext = (app: App): SsoProps | undefined => {
  const issuer = optionalString(app, 'oidcIssuer');
  if (!issuer) return undefined;
  if (!/^https:\/\/[^\s]+$/.test(issuer))
    throw new Error(`Context 'oidcIssuer' must be an https URL (got '${issuer}')`);
  const clientId = optionalString(app, 'oidcClientId');
  if (!clientId) throw new Error("Context 'oidcClientId' is required with 'oidcIssuer'");
  const clientSecretArn = optionalString(app, 'oidcClientSecretArn');
  if (
    clientSecretArn !== undefined &&
    !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:.+-[A-Za-z0-9]{6}$/.test(clientSecretArn)
  ) {
    throw new Error(`Context 'oidcClientSecretArn' must be a secret's complete ARN (with its 6-character suffix)`);
  }
  const props: SsoProps = {
    issuer,
    clientId,
    ...(clientSecretArn && { clientSecretArn }),
    ...Object.fromEntries(
      (
        [
          ['scopes', 'oidcScopes'],
          ['groupsClaim', 'oidcGroupsClaim'],
          ['adminGroups', 'oidcAdminGroups'],
          ['allowedDomains', 'oidcAllowedDomains'],
          ['allowedGroups', 'oidcAllowedGroups'],
          ['buttonLabel', 'oidcButtonLabel'],
        ] as const
      ).flatMap(([prop, key]) => {
        const value = optionalString(app, key);
        return value === undefined ? [] : [[prop, value]];
      }),
    ),
  };
  if (!props.adminGroups && !props.allowedDomains && !props.allowedGroups) {
    throw new Error(
      "Single sign-on needs 'oidcAllowedDomains', 'oidcAllowedGroups' or 'oidcAdminGroups': who may sign in",
    );
  }
  return props;
};

/**
 * The whole CDK app: five stacks per stage, `ComponentHub-<stage>-Web|Data|Jobs|Api|Monitoring`.
 *
 * Context `distributorSecretArn`: the secret with the Digi-Key / Mouser credentials; `localstack`
 * (set by `npm run deploy:localstack`). Context: `stage` (default `dev`; `dev` and `dev-*` stages lose their data with the stack, every
 * other stage keeps it), `sesSenderEmail` (required), `alarmEmail` (who gets the alarms), `appUrl` (a custom domain's
 * origin; default the CloudFront domain), `webDistDir` (default `web/dist`), and optionally
 * `account` / `region` (else CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION; with neither the stacks
 * are environment-agnostic, so synth needs no AWS account).
 *
 * Dependencies: Web (distribution, HTTP API shell) <- Data (the upload CORS rule needs the
 * site's origin) <- Jobs (the image-batch state machine and its tasks) <- Api (functions and
 * routes need all of it) <- Monitoring (alarms and dashboard). `distributorSecretArn` serves both
 * the batch tasks and the per-part search routes.
 */
export const buildApp = (options: BuildAppOptions = {}): ComponentHubApp => {
  const app = new App({
    ...(options.context ? { context: options.context } : {}),
    ...(options.outdir ? { outdir: options.outdir } : {}),
  });

  const stage = optionalString(app, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context 'stage' must be lower-case letters, digits and dashes (got '${stage}')`);
  }
  const senderEmail = optionalString(app, 'sesSenderEmail');
  if (!senderEmail || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(senderEmail)) {
    throw new Error("Context 'sesSenderEmail' must be the email address that sends reset and invite emails");
  }
  const appUrl = optionalString(app, 'appUrl')?.replace(/\/+$/, '');
  if (appUrl !== undefined && !/^https:\/\/[^/]+$/.test(appUrl)) {
    throw new Error(`Context 'appUrl' must be an https origin without a path (got '${appUrl}')`);
  }
  const alarmEmail = optionalString(app, 'alarmEmail');
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    throw new Error(`Context 'alarmEmail' must be an email address (got '${alarmEmail}')`);
  }
  const account = optionalString(app, 'account') ?? process.env.CDK_DEFAULT_ACCOUNT;
  const region = optionalString(app, 'region') ?? process.env.CDK_DEFAULT_REGION;
  const env: Environment = { ...(account ? { account } : {}), ...(region ? { region } : {}) };

  const sso = ssoContext(app);
  const passwordLogin = optionalString(app, 'passwordLogin') ?? 'on';
  if (passwordLogin !== 'on' && passwordLogin !== 'admins-only') {
    throw new Error(`Context 'passwordLogin' must be 'on' or 'admins-only' (got '${passwordLogin}')`);
  }
  if (passwordLogin === 'admins-only' && !sso) {
    throw new Error(
      "Context 'passwordLogin=admins-only' needs single sign-on (context 'oidcIssuer'), or nobody but administrators could sign in",
    );
  }

  const ssoAccountPasswords = optionalString(app, 'ssoAccountPasswords') ?? 'after-fresh-sign-in';
  if (ssoAccountPasswords !== 'after-fresh-sign-in' && ssoAccountPasswords !== 'never') {
    throw new Error(
      `Context 'ssoAccountPasswords' must be 'after-fresh-sign-in' or 'never' (got '${ssoAccountPasswords}')`,
    );
  }
  const secondFactorRequiredFor = optionalString(app, 'secondFactorRequiredFor') ?? 'optional';
  if (secondFactorRequiredFor !== 'optional' && secondFactorRequiredFor !== 'admins') {
    throw new Error(
      `Context 'secondFactorRequiredFor' must be 'optional' or 'admins' (got '${secondFactorRequiredFor}')`,
    );
  }

  // Four eyes (nobody decides their own request) is on unless a deployment turns it off.
  const fourEyes = optionalString(app, 'fourEyes') ?? 'on';
  if (fourEyes !== 'on' && fourEyes !== 'off') {
    throw new Error(`Context 'fourEyes' must be 'on' or 'off' (got '${fourEyes}')`);
  }

  // The catalogue's languages, the default first (`-c catalogueLanguages=en,de,fr`); checked here
  // so a mistyped code fails the synth, not every function's start.
  const languagesSetting = optionalString(app, 'catalogueLanguages');
  const catalogueLanguages = languagesSetting === undefined ? undefined : parseCatalogueLanguages(languagesSetting);

  const prefix = `ComponentHub-${stage}`;
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    description: `Component Hub (${stage}): CloudFront, the SPA bucket and the HTTP API endpoint`,
    namePrefix: prefix,
    webDistDir: optionalString(app, 'webDistDir') ?? defaultWebDistDir,
    destroyWithStack: isDevStage(stage),
    ...(appUrl ? { appUrl } : {}),
  });
  const data = new DataStack(app, `${prefix}-Data`, {
    env,
    description: `Component Hub (${stage}): the DynamoDB table and the attachments bucket`,
    uploadOrigins: [web.siteUrl],
    destroyWithStack: isDevStage(stage),
  });
  const distributorSecretArn = optionalString(app, 'distributorSecretArn');
  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    env,
    description: `Component Hub (${stage}): the image-batch and Excel import state machines and their task functions`,
    table: data.table,
    attachmentsBucket: data.attachmentsBucket,
    ...(distributorSecretArn && { distributorSecretArn }),
    ...(catalogueLanguages && { catalogueLanguages }),
    searchFunctionName: physicalFunctionName(`${prefix}-Api`, constructIdFor(SEARCH_HOLDER_HANDLER)),
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    description: `Component Hub (${stage}): one Lambda and one route per API endpoint`,
    routes: options.routes ?? manifestRoutes,
    catalogueSize: catalogueSizeOf(app.node.tryGetContext('catalogueSize')),
    httpApi: web.httpApi,
    table: data.table,
    attachmentsBucket: data.attachmentsBucket,
    appUrl: web.siteUrl,
    senderEmail,
    ...(distributorSecretArn && { distributorSecretArn }),
    imageBatches: jobs.imageBatches,
    originVerifySecret: web.originVerifySecret,
    importJobs: jobs.imports.stateMachine,
    ...(sso && { sso }),
    passwordLogin,
    ssoAccountPasswords,
    secondFactorRequiredFor,
    fourEyes,
    ...(catalogueLanguages && { catalogueLanguages }),
    // `npm run deploy:localstack`: the functions reach LocalStack's services, S3 path-style.
    ...(app.node.tryGetContext('localstack') === 'true' || app.node.tryGetContext('localstack') === true
      ? {
          extraEnvironment: {
            S3_FORCE_PATH_STYLE: 'true',
            AWS_ENDPOINT_URL: optionalString(app, 'localstackEndpoint') ?? 'http://localhost.localstack.cloud:4566',
          },
        }
      : {}),
  });

  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    description: `Component Hub (${stage}): alarms, their SNS topic and the operations dashboard`,
    namePrefix: prefix,
    httpApi: web.httpApi,
    table: data.table,
    functions: [
      ...[...api.functions.values()].map((fn) => ({ label: fn.route.handler, functionName: fn.functionName })),
      { label: 'jobs/send-approval-digests', functionName: physicalFunctionName(api.stackName, 'ApprovalDigests') },
      {
        label: 'jobs/refresh-search-snapshot',
        functionName: physicalFunctionName(jobs.stackName, SEARCH_SNAPSHOT_FUNCTION_ID),
      },
    ],
    stateMachine: jobs.imageBatches,
    ...(alarmEmail ? { alarmEmail } : {}),
  });
  // The function alarms name the API functions literally (no export makes the dependency).
  for (const stack of api.routeStacks) monitoring.addStackDependency(stack);

  Tags.of(app).add('project', 'component-hub');
  Tags.of(app).add('stage', stage);

  // cdk-nag's AwsSolutions pack. In cdk-nag 3 it is a policy-validation plugin, not an Aspect:
  // synth fails on an unacknowledged error-level finding and prints the warnings. Each
  // acknowledgement sits next to its resource, with its reason.
  Validations.of(app).addPlugins(new ComponentHubNagChecks(app));

  return { app, stage, data, api, web, jobs, monitoring };
};
