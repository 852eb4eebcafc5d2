import * as z from 'zod';

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
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
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
  /** One HTTP exchange with a distributor (a search, a token, a file download). */
  DISTRIBUTOR_TIMEOUT_MS: z.coerce.number().int().min(1).default(8000),
  /** A whole per-part search, retries and downloads included; below the function's own timeout. */
  DISTRIBUTOR_DEADLINE_MS: z.coerce.number().int().min(1).default(25000),

  /** The image-batch state machine (the CDK jobs stack; locally the local Step Functions endpoint). */
  IMAGE_BATCH_STATE_MACHINE_ARN: optionalSetting,
  /** Most parts one batch searches (a day's distributor budget is 1,000 calls). */
  IMAGE_BATCH_MAX_PARTS: z.coerce.number().int().min(1).default(500),

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
  OIDC_ALLOWED_DOMAINS: optionalSetting,
  OIDC_ALLOWED_GROUPS: optionalSetting,
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(40).default('SSO'),
  /** Where the provider sends people back; APP_URL + /api/sso/callback unless given. */
  OIDC_REDIRECT_URI: optionalSetting,
  /** `admins-only`: only administrators may sign in with a password (everyone else through SSO). */
  PASSWORD_LOGIN: z.enum(['on', 'admins-only']).default('on'),
});

export type Config = z.infer<typeof envSchema>;

let cached: Config | undefined;

/** The environment, checked once per container; a bad setting fails the cold start loudly. */
export const config = (): Config => {
  cached ??= envSchema.parse(process.env);
  return cached;
};

/** For tests that change the environment between files. */
export const resetConfig = (): void => {
  cached = undefined;
};
