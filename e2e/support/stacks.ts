/**
 * The local stacks the browser tests run against: the product as `npm start` runs it
 * (scripts/local/start.ts), each on free ports and in a data directory of its own, so a test run
 * never touches a developer's local data or collides with a running `npm start`.
 *
 * Two stacks: `shared`, where most journeys run side by side and each looks only at data it
 * created; and `seeded`, for the few journeys that look at the whole product as it was seeded
 * (the size of the demo catalogue, the first image batch, the dashboard's newest requests, the
 * only administrator), so journeys elsewhere cannot change what they count.
 */
import { findFreePort } from '../../scripts/local/ports.ts';

export const STACK_NAMES = ['shared', 'seeded'] as const;
export type StackName = (typeof STACK_NAMES)[number];

export interface Account {
  email: string;
  password: string;
  name: string;
  username: string;
}

export interface Stack {
  name: StackName;
  /** e.g. http://localhost:41234 (the app is under /app, the API under /api). */
  origin: string;
  port: number;
  dynamodbPort: number;
  s3Port: number;
  sesPort: number;
  /** The local SES server, whose store holds every email the product sent. */
  sesEndpoint: string;
  /** The local distributor emulator (Digi-Key and Mouser), whose faults a journey may switch on. */
  distributorEmulatorPort: number;
  /** The administrator `npm start` seeds. */
  admin: { email: string; password: string };
  /** The local OpenID provider `npm start` runs for single sign-on: its port and test people. */
  oidcProviderPort: number;
  sso: { admin: string; user: string; outsider: string; password: string };
}

// Not built from its own email ('admin'): the server refuses such passwords, the seeded one too.
const ADMIN = { email: 'e2e-admin@componenthub.test', password: 'E2e-Seed-Passw0rd!' };
/** The people of scripts/local/oidc-provider.ts (one in the admins group), with the password given to it. */
const SSO = {
  admin: 'ada.admin@componenthub.local',
  user: 'ulla.user@componenthub.local',
  outsider: 'olaf.outsider@partner.example',
  password: 'E2e-Sso-Passw0rd!',
};
const ENV_KEY = 'E2E_STACKS';
const PORTS_PER_STACK = 6;

/**
 * The stacks of this run. The runner picks the ports once and keeps them in the environment, which
 * its workers inherit when they load the configuration again.
 */
export const planStacks = async (): Promise<Record<StackName, Stack>> => {
  const planned = process.env[ENV_KEY];
  if (planned) return JSON.parse(planned) as Record<StackName, Stack>;
  const ports = new Set<number>();
  while (ports.size < STACK_NAMES.length * PORTS_PER_STACK) ports.add(await findFreePort());
  const free = [...ports];
  const stacks = Object.fromEntries(
    STACK_NAMES.map((name, index) => {
      const [port, dynamodbPort, s3Port, sesPort, oidcProviderPort, distributorEmulatorPort] = free.slice(
        index * PORTS_PER_STACK,
        (index + 1) * PORTS_PER_STACK,
      ) as [number, number, number, number, number, number];
      const stack: Stack = {
        name,
        origin: `http://localhost:${port}`,
        port,
        dynamodbPort,
        s3Port,
        sesPort,
        sesEndpoint: `http://127.0.0.1:${sesPort}`,
        distributorEmulatorPort,
        admin: ADMIN,
        oidcProviderPort,
        sso: SSO,
      };
      return [name, stack];
    }),
  ) as Record<StackName, Stack>;
  process.env[ENV_KEY] = JSON.stringify(stacks);
  return stacks;
};

export const stackNamed = (name: StackName): Stack => {
  const planned = process.env[ENV_KEY];
  if (!planned) throw new Error(`${ENV_KEY} is not set: run the browser tests with 'npm run test:e2e'.`);
  return (JSON.parse(planned) as Record<StackName, Stack>)[name];
};

/** The environment scripts/local/start.ts reads for one stack (its data directory comes from serve.ts). */
export const stackEnv = (stack: Stack): Record<string, string> => ({
  PORT: String(stack.port),
  DYNAMODB_PORT: String(stack.dynamodbPort),
  S3_PORT: String(stack.s3Port),
  SES_PORT: String(stack.sesPort),
  DISTRIBUTOR_EMULATOR_PORT: String(stack.distributorEmulatorPort),
  TABLE_NAME: 'component-hub',
  ADMIN_EMAIL: stack.admin.email,
  ADMIN_PASSWORD: stack.admin.password,
  // Single sign-on through the local OpenID provider, on a port of this stack's own.
  OIDC_ISSUER: '',
  OIDC_PROVIDER_PORT: String(stack.oidcProviderPort),
  LOCAL_SSO_PASSWORD: stack.sso.password,
  // The approval digest without its 30-minute pause, checked every few seconds: a journey files its
  // requests and reads the digest that lists them within a test's time (the sender's own pacing
  // is the unit tests' business).
  APPROVAL_DIGEST_INTERVAL_MINUTES: '0',
  APPROVAL_DIGEST_CHECK_SECONDS: '5',
  // The journeys set their scenes with parts the seeded administrator files and approves alone;
  // four eyes itself is the integration and web tests' business (four-eyes.test.ts, the queue's).
  FOUR_EYES: 'off',
});
