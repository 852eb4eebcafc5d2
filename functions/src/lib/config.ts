import { z } from 'zod';

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
  /** Floor for forgot-password answers so a known and an unknown address take the same time. */
  FORGOT_PASSWORD_MIN_MS: z.coerce.number().int().min(0).default(400),
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
