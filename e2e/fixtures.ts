/**
 * What every journey imports: Playwright's `test` with this product's fixtures, `expect`, and a
 * few helpers (toasts, emails, screen sizes). See e2e/README.md.
 */
import { AxeBuilder } from '@axe-core/playwright';
import {
  test as base,
  expect,
  request as newRequest,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchSentEmails, type SentEmail } from '../scripts/local/ses.ts';
import { stackNamed, type Account, type Stack, type StackName } from './support/stacks.ts';

export { expect };
export type { Account, Stack };

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

export type Role = 'admin' | 'user';
/** The role an account is made with: a signed-in role of the setup project, or a librarian. */
export type AccountRole = Role | 'librarian';

const authDir = fileURLToPath(new URL('.auth/', import.meta.url));
/** Where the setup project keeps a role's signed-in browser state (and, for `user`, the account). */
export const authFile = (stack: StackName, role: Role, kind: 'state' | 'account' = 'state'): string =>
  path.join(authDir, `${stack}-${role}${kind === 'account' ? '.account' : ''}.json`);

/**
 * A call to the product's API in a request context's session (its cookies), with the CSRF token
 * the way the SPA sends it; fails with the answer when it is not a success.
 */
/** A part filed through the API and approved at once by the administrator; its id. */
export const approvedPart = async (adminApi: APIRequestContext, fields: Record<string, unknown>): Promise<number> => {
  const filed = await apiCall<{ requestId: string }>(adminApi, 'POST', '/components', fields);
  const created = await apiCall<{ componentId: number }>(adminApi, 'PATCH', `/approval-requests/${filed.requestId}`, {
    status: 'approved',
  });
  return created.componentId;
};

export const apiCall = async <T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  apiPath: string,
  data?: unknown,
): Promise<T> => {
  const headers: Record<string, string> = {};
  if (method !== 'GET') {
    // The token comes first: fetching it may set the pre-session cookie it is bound to.
    const csrf = await request.get('/api/csrf-token');
    headers['x-csrf-token'] = ((await csrf.json()) as { token: string }).token;
  }
  const response = await request.fetch(`/api${apiPath}`, {
    method,
    headers,
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} /api${apiPath} answered ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

/** A toast with this title (and description, when given). */
export const toast = (page: Page, title: string, description?: string): Locator => {
  const region = page.locator('[data-scope="toast"][data-part="root"]');
  const withTitle = region.filter({ has: page.getByText(title, { exact: true }) });
  return description ? withTitle.filter({ has: page.getByText(description, { exact: true }) }) : withTitle;
};

/** Closes a toast with its close button and waits for it to go. */
export const closeToast = async (page: Page, title: string): Promise<void> => {
  await toast(page, title).getByRole('button', { name: 'Close notification' }).click();
  await expect(toast(page, title), `the toast '${title}' closed`).toBeHidden();
};

/** Fills the login form on the page and presses Sign In; what follows is the caller's to check. */
export const submitLogin = async (page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> => {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

/** Logs out with the shell's Logout button and waits for the login page. */
export const logout = async (page: Page): Promise<void> => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/auth$/);
};

/** Emails the stack sent to `to` (from `since` on, when given), oldest first: the person's inbox. */
export const inbox = (stack: Stack, to: string, since?: Date): Promise<SentEmail[]> =>
  fetchSentEmails(stack.sesEndpoint, { to, ...(since && { since }) });

/**
 * The token of the newest /app/auth link emailed to `to` since `since`, read the way a person
 * reads their inbox; waits for the email to arrive. `param` is the link's query parameter that
 * carries the token: `token` (password reset), `invite` or `confirmEmail` (a new address).
 */
export const emailedToken = async (
  stack: Stack,
  { to, since, param }: { to: string; since: Date; param: 'token' | 'invite' | 'confirmEmail' },
): Promise<string> => {
  const pattern = new RegExp(`https?://[^\\s"'<>]+/app/auth\\?${param}=[^\\s"'<>]+`);
  let token = '';
  await expect
    .poll(
      async () => {
        const email = (await inbox(stack, to, since)).at(-1);
        const link = pattern.exec(`${email?.body.text ?? ''} ${email?.body.html ?? ''}`)?.[0];
        token = link ? (new URL(link.replace(/&amp;/g, '&')).searchParams.get(param) ?? '') : '';
        return token;
      },
      { message: `an email with a /app/auth?${param}= link reaching ${to}`, timeout: 20_000 },
    )
    .not.toBe('');
  return token;
};

/**
 * Waits until the page has laid itself out after a change (a resize, a route) and its entry
 * animations have ended, so axe and the screenshot see the settled page. Endless animations
 * (spinners, skeletons) are not waited for.
 */
export const settle = async (page: Page): Promise<void> => {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(finite), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
};

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

interface Fixtures {
  /** The signed-in role the page starts with (the setup project's saved state); none by default. */
  role: Role | undefined;
  /** The stack of this test's project: its origin, SES endpoint and seeded administrator. */
  stack: Stack;
  /** The account the setup project signed in as `user` (with `test.use({ role: 'user' })`). */
  user: Account;
  /** axe-core (serious and critical violations fail) and a screenshot, at 1280 and 375 px. */
  checkPage: (screen: string) => Promise<void>;
  /** The same check of another page of the test (a second person's browser), numbered with the others. */
  checkOtherPage: (other: Page, screen: string) => Promise<void>;
  /** Logs in through the login form and waits for the hub. */
  login: (account: Pick<Account, 'email' | 'password'>) => Promise<void>;
  /** Signs the page's browser context in through the API (no form), as this account. */
  signIn: (account: Pick<Account, 'email' | 'password'>) => Promise<void>;
  /** A new account with a unique email, made by the administrator through the API; 'user' unless asked. */
  createAccount: (label: string, role?: AccountRole) => Promise<Account>;
  /** A new account, signed in on the page (through the API): a person with nothing done yet. */
  freshUser: (label: string, role?: AccountRole) => Promise<Account>;
  /** {@link freshUser}, a plain user, with the page opened at `path`: where most journeys begin. */
  freshUserAt: (label: string, path: string) => Promise<Account>;
  /** A page in another browser (its own cookies) signed in as this account through the API; closed after the test. */
  elsewhere: (account: Pick<Account, 'email' | 'password'>) => Promise<Page>;
}

interface WorkerFixtures {
  /** Which stack the project runs against (see support/stacks.ts). */
  stackName: StackName;
  /** An API session of the seeded administrator, one per worker and stack. */
  adminApi: APIRequestContext;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  stackName: ['shared', { option: true, scope: 'worker' }],
  role: [undefined, { option: true }],

  stack: async ({ stackName }, use) => use(stackNamed(stackName)),
  baseURL: async ({ stack }, use) => use(stack.origin),
  storageState: async ({ role, stackName }, use) => use(role ? authFile(stackName, role) : undefined),

  user: async ({ stackName }, use) =>
    use(JSON.parse(readFileSync(authFile(stackName, 'user', 'account'), 'utf8')) as Account),

  adminApi: [
    async ({ stackName }, use) => {
      const stack = stackNamed(stackName);
      const api = await newRequest.newContext({ baseURL: stack.origin });
      await apiCall(api, 'POST', '/login', stack.admin);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],

  checkPage: async ({ page, checkOtherPage }, use) => {
    await use((screen) => checkOtherPage(page, screen));
  },

  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  checkOtherPage: async ({}, use, testInfo) => {
    let shot = 0;
    await use(async (page, screen) => {
      shot += 1;
      const original = page.viewportSize() ?? DESKTOP;
      for (const size of [DESKTOP, MOBILE]) {
        await page.setViewportSize(size);
        await settle(page);
        await page.screenshot({
          path: testInfo.outputPath(`${String(shot).padStart(2, '0')}-${screen}-${size.width}.png`),
          fullPage: true,
        });
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
        const detail = blocking.map(
          (v) =>
            `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join('\n')}`,
        );
        expect(detail, `serious or critical axe violations on "${screen}" at ${size.width}px`).toEqual([]);
      }
      await page.setViewportSize(original);
    });
  },

  login: async ({ page }, use) => {
    await use(async (account) => {
      await page.goto('/app/auth');
      await submitLogin(page, account);
      await expect(page).toHaveURL(/\/app\/component-hub$/);
    });
  },

  signIn: async ({ page }, use) => {
    await use(async (account) => {
      await apiCall(page.request, 'POST', '/login', { email: account.email, password: account.password });
    });
  },

  createAccount: async ({ adminApi }, use) => {
    await use(async (label, role = 'user') => {
      const unique = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
      const email = `${label}-${unique}@componenthub.test`;
      // No word in it: the server refuses a password that holds a word of the account's email or
      // name, and the labels (hence the emails) of the journeys are words.
      const password = 'Xq7#Zk9!Vw2m';
      const name = `E2e ${label.replace(/[^a-z]/gi, '')}`;
      const created = await apiCall<{ username?: string; user?: { username: string } }>(adminApi, 'POST', '/users', {
        email,
        password,
        name,
        role,
      });
      const username = created.username ?? created.user?.username ?? '';
      if (!username) throw new Error(`POST /api/users answered without a username: ${JSON.stringify(created)}`);
      return { email, password, name, username };
    });
  },

  freshUser: async ({ createAccount, signIn }, use) => {
    await use(async (label, role) => {
      const account = await createAccount(label, role);
      await signIn(account);
      return account;
    });
  },

  freshUserAt: async ({ page, freshUser }, use) => {
    await use(async (label, path) => {
      const account = await freshUser(label);
      await page.goto(path);
      return account;
    });
  },

  elsewhere: async ({ browser, stack }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (account) => {
      const context = await browser.newContext({ baseURL: stack.origin });
      contexts.push(context);
      const other = await context.newPage();
      await apiCall(other.request, 'POST', '/login', { email: account.email, password: account.password });
      return other;
    });
    for (const context of contexts) await context.close();
  },

  // What the page threw is kept with a failed test's results.
  page: async ({ page }, use, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && errors.length > 0) {
      await testInfo.attach('page errors', { body: errors.join('\n'), contentType: 'text/plain' });
    }
  },
});
