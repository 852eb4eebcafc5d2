import * as z from 'zod';
import { writeLimitKinds, type WriteLimitKind } from '#shared/routes';

/** An unset or blank variable is absent. */
const optionalSetting = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const envSchema = z.object({
  TABLE_NAME: z.string().min(1),
  BUCKET_NAME: z.string().min(1).default('component-hub-attachments'),
  /** Sender of reset and invite emails; an SES verified identity on AWS. */
  MAIL_FROM: z.string().min(3).default('Component Hub <no-reply@componenthub.local>'),
  /** Origin the emailed links point at, e.g. https://d111.cloudfront.net. */
  APP_URL: z.url().default('http://localhost:3000'),
  /** HMAC key binding CSRF tokens to a session; on AWS read from Secrets Manager instead. */
  CSRF_SECRET: z.string().min(32).optional(),
  CSRF_SECRET_ARN: z.string().optional(),
  /**
   * The secret CloudFront sends to the API in `x-origin-verify` (on AWS the Secrets Manager secret
   * named by the ARN). When set, a request without it is refused (it did not come through
   * CloudFront) and the client's address is the viewer address CloudFront forwards.
   */
  ORIGIN_VERIFY_SECRET: optionalSetting,
  ORIGIN_VERIFY_SECRET_ARN: optionalSetting,
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /**
   * Four eyes: `on` (the default, so every new deployment has it), nobody approves or rejects
   * their own request, except an administrator who writes down why; `off` lets reviewers decide
   * their own.
   */
  FOUR_EYES: z.enum(['on', 'off']).default('on'),
  /** Each administrator gets at most one email about waiting requests per this many minutes. */
  APPROVAL_DIGEST_INTERVAL_MINUTES: z.coerce.number().min(0).default(30),
  /**
   * The local stack and the tests refuse, as IAM does on AWS, a route's DynamoDB request on
   * identity items its manifest entry does not name (lib/identity-key-guard.ts). Off on AWS.
   */
  IDENTITY_KEY_GUARD: z.stringbool().default(false),
  /** Floor for forgot-password answers so a known and an unknown address take the same time. */
  FORGOT_PASSWORD_MIN_MS: z.coerce.number().int().min(0).default(400),

  /* Distributor APIs (images and datasheets). A provider without credentials is not searched. */
  DIGIKEY_CLIENT_ID: optionalSetting,
  DIGIKEY_CLIENT_SECRET: optionalSetting,
  DIGIKEY_API_URL: z.url().default('https://api.digikey.com'),
  MOUSER_API_KEY: optionalSetting,
  MOUSER_API_URL: z.url().default('https://api.mouser.com'),
  /**
   * On AWS: a Secrets Manager secret holding the credentials as JSON (`digikeyClientId`,
   * `digikeyClientSecret`, `mouserApiKey`), read once per container; the variables above win.
   */
  DISTRIBUTOR_SECRET_ARN: optionalSetting,
  /** Calls allowed per provider, counted in the table so every function instance shares them. */
  DIGIKEY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  DIGIKEY_CALLS_PER_DAY: z.coerce.number().int().min(1).default(1000),
  MOUSER_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MOUSER_CALLS_PER_DAY: z.coerce.number().int().min(1).default(1000),
  /** Share of each distributor's day budget kept for administrators' image batches (per-part searches stop below it). */
  DISTRIBUTOR_BATCH_RESERVE_PERCENT: z.coerce.number().int().min(0).max(100).default(30),
  /**
   * Share of each distributor's per-minute budget batches may take, so people's per-part
   * searches still find room in every minute while a batch runs.
   */
  DISTRIBUTOR_BATCH_MINUTE_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(70),
  /** Per-part distributor searches one person may start in a minute and in a UTC day. */
  DISTRIBUTOR_USER_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  DISTRIBUTOR_USER_SEARCHES_PER_DAY: z.coerce.number().int().min(1).default(100),
  /**
   * Makers' file hosts a plain-http datasheet or photo link may be fetched from when its https
   * form fails (comma-separated host names); never a private or loopback address.
   */
  DISTRIBUTOR_HTTP_FILE_HOSTS: z
    .string()
    .default(
      'www.phoenixcontact.com,phoenixcontact.com,www.molex.com,www.te.com,www.weidmueller.com,www.harting.com,' +
        'www.wago.com,media.digikey.com,www.lappkabel.com,www.schneider-electric.com,www.eaton.com,www.abb.com,' +
        'cache.industry.siemens.com,www.finder-relays.com,www.cui.com,www.sameskydevices.com',
    )
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** One HTTP exchange with a distributor (a search, a token, a file download). */
  DISTRIBUTOR_TIMEOUT_MS: z.coerce.number().int().min(1).default(8000),
  /** A whole per-part search, retries and downloads included; below the function's own timeout. */
  DISTRIBUTOR_DEADLINE_MS: z.coerce.number().int().min(1).default(25000),

  /** The function that holds the search index, which the other routes ask (locally the local invoke endpoint serves it). */
  SEARCH_FUNCTION_NAME: optionalSetting,
  /** The image-batch state machine (the CDK jobs stack; locally the local Step Functions endpoint). */
  IMAGE_BATCH_STATE_MACHINE_ARN: optionalSetting,
  /** Most parts one batch searches (a day's distributor budget is 1,000 calls). */
  IMAGE_BATCH_MAX_PARTS: z.coerce.number().int().min(1).default(500),
  /**
   * A batch that holds the slot this long without its execution started never will (its start
   * failed after the slot was claimed, as when DynamoDB answered too late): the next start frees it.
   */
  IMAGE_BATCH_START_GRACE_SECONDS: z.coerce.number().int().min(1).default(120),

  /** The Excel import state machine (preview and commit); locally the local Step Functions endpoint. */
  IMPORT_JOBS_STATE_MACHINE_ARN: optionalSetting,
  /**
   * How long an import call waits for its job (the one-call import to finish, a preview to
   * be ready) before answering 202 with the import id; below the route's timeout.
   */
  IMPORT_WAIT_MS: z.coerce.number().int().min(0).default(22_000),

  /*
   * Single sign-on (OpenID Connect). Unset OIDC_ISSUER: no single sign-on. Lists are separated
   * by commas or spaces.
   */
  OIDC_ISSUER: optionalSetting,
  OIDC_CLIENT_ID: optionalSetting,
  /** The client secret locally; on AWS a Secrets Manager secret (OIDC_CLIENT_SECRET_ARN) holds it. */
  OIDC_CLIENT_SECRET: optionalSetting,
  OIDC_CLIENT_SECRET_ARN: optionalSetting,
  OIDC_SCOPES: z.string().trim().min(1).default('openid email profile'),
  /** The ID token claim that lists the person's groups (Entra ID and Okta both call it `groups`). */
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).default('groups'),
  OIDC_ADMIN_GROUPS: optionalSetting,
  /** Provider groups whose members are librarians (an administrators group still wins). */
  OIDC_LIBRARIAN_GROUPS: optionalSetting,
  OIDC_ALLOWED_DOMAINS: optionalSetting,
  OIDC_ALLOWED_GROUPS: optionalSetting,
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(40).default('SSO'),
  /** Where the provider sends people back; APP_URL + /api/sso/callback unless given. */
  OIDC_REDIRECT_URI: optionalSetting,
  /** `admins-only`: only administrators may sign in with a password (everyone else through SSO). */
  PASSWORD_LOGIN: z.enum(['on', 'admins-only']).default('on'),
  /**
   * Accounts made by single sign-on have no password. `after-fresh-sign-in`: one may be set
   * within minutes of signing in at the provider again; `never`: such accounts use SSO only.
   */
  SSO_ACCOUNT_PASSWORDS: z.enum(['after-fresh-sign-in', 'never']).default('after-fresh-sign-in'),
  /**
   * `admins`: administrators who sign in with a password must have a second factor (an
   * authenticator app or a passkey); until they set one up, every administration route refuses
   * them. `optional`: everyone chooses.
   */
  SECOND_FACTOR_REQUIRED_FOR: z.enum(['optional', 'admins']).default('optional'),
  /**
   * How much one user may have stored and waiting: pending attachments, the files of pending
   * new-component requests and uploads not yet attached, in megabytes.
   */
  PENDING_STORAGE_QUOTA_MB: z.coerce.number().min(1).default(100),
  /** Files younger than this are left alone by the reconciliation (their write may be in flight). */
  RECONCILE_GRACE_MINUTES: z.coerce.number().min(0).default(60),
});

/**
 * Per-user write allowances by kind (see writeLimitKinds in the route manifest): how many writes
 * of that kind one user may make a minute and a day. WRITE_LIMIT_COMMENTS=10/200 sets them.
 */
export const defaultWriteLimits: Record<WriteLimitKind, { perMinute: number; perDay: number }> = {
  comments: { perMinute: 10, perDay: 200 },
  requests: { perMinute: 10, perDay: 100 },
  // An attachment is two writes (the upload ticket, then the attachment): 10 files a minute.
  uploads: { perMinute: 20, perDay: 300 },
  // Opening a part records a view: browsing quickly is normal.
  views: { perMinute: 120, perDay: 5000 },
  notifications: { perMinute: 60, perDay: 2000 },
  account: { perMinute: 10, perDay: 50 },
  'distributor-searches': { perMinute: 10, perDay: 200 },
  // Reviewing a queue and managing users come in bursts.
  admin: { perMinute: 120, perDay: 5000 },
  // Saving a draft is a click, not a keystroke (typing is kept in the browser).
  drafts: { perMinute: 30, perDay: 1000 },
  other: { perMinute: 30, perDay: 1000 },
};

export const writeLimitVariable = (kind: WriteLimitKind): string =>
  `WRITE_LIMIT_${kind.toUpperCase().replaceAll('-', '_')}`;

const writeLimitSetting = (kind: WriteLimitKind) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim();
      if (!text) return defaultWriteLimits[kind];
      const match = /^(\d+)\s*\/\s*(\d+)$/.exec(text);
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
        ctx.addIssue({
          code: 'custom',
          message: `${writeLimitVariable(kind)} must be <per minute>/<per day>, e.g. 10/200, each at least 1`,
        });
        return z.NEVER;
      }
      return { perMinute: Number(match[1]), perDay: Number(match[2]) };
    });

const writeLimitsSchema = z.object(
  Object.fromEntries(writeLimitKinds.map((kind) => [writeLimitVariable(kind), writeLimitSetting(kind)])) as Record<
    string,
    ReturnType<typeof writeLimitSetting>
  >,
);

export type Config = z.infer<typeof envSchema> & {
  writeLimits: Record<WriteLimitKind, { perMinute: number; perDay: number }>;
};

let cached: Config | undefined;

/** The environment, checked once per container; a bad setting fails the cold start loudly. */
export const config = (): Config => {
  if (!cached) {
    const limits = writeLimitsSchema.parse(process.env);
    cached = {
      ...envSchema.parse(process.env),
      writeLimits: Object.fromEntries(
        writeLimitKinds.map((kind) => [kind, limits[writeLimitVariable(kind)]!]),
      ) as Config['writeLimits'],
    };
  }
  return cached;
};

/** For tests that change the environment between files. */
export const resetConfig = (): void => {
  cached = undefined;
};
