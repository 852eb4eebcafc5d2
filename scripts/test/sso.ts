/**
 * Single sign-on in integration tests: useLocalSso() starts the local OpenID provider
 * (scripts/local/oidc-provider.ts, the one `npm start` runs) for the calling test file and points
 * the functions at it; signInThroughProvider() walks the whole flow as a browser does: the hub's
 * start route, the provider's own login page, the redirect back to the hub's callback.
 */
import { afterAll, beforeAll } from 'vitest';
import { resetConfig } from '#lib/config';
import { resetProviderCache } from '#services/auth/sso/provider';
import { startLocalOidcProvider, type LocalOidcProvider, type TestPerson } from '../local/oidc-provider.ts';
import type { TestClient, TestResponse } from './api-client.ts';

export const ADMIN_GROUP = 'hub-admins';
export const LIBRARIAN_GROUP = 'hub-librarians';
export const ALLOWED_GROUP = 'hub-users';
export const ALLOWED_DOMAIN = 'staff.example';
export const PERSON_PASSWORD = 'Provider-Passw0rd!';

export interface SsoSetup {
  /** The running provider; set once the file's beforeAll ran. */
  provider(): LocalOidcProvider;
  /** Sets OIDC_* variables on top of the defaults below (undefined removes one), and applies them. */
  configure(overrides: Record<string, string | undefined>): void;
}

/**
 * The provider for this file, registered with the test API's callback. Call after useTestApi()
 * and useTestStack(): it needs the API's address.
 */
export const useLocalSso = (api: { client(): TestClient }): SsoSetup => {
  let provider: LocalOidcProvider | undefined;
  let defaults: Record<string, string> = {};
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfig();
    resetProviderCache();
  };
  beforeAll(async () => {
    const { baseUrl } = api.client();
    provider = await startLocalOidcProvider({
      port: 0,
      people: [],
      redirectUris: [`${baseUrl}/api/sso/callback`],
      postLogoutRedirectUris: [`${baseUrl}/app/auth`],
      backChannelLogoutUri: `${baseUrl}/api/sso/backchannel-logout`,
    });
    defaults = {
      APP_URL: baseUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ADMIN_GROUPS: ADMIN_GROUP,
      OIDC_LIBRARIAN_GROUPS: LIBRARIAN_GROUP,
      OIDC_ALLOWED_DOMAINS: ALLOWED_DOMAIN,
      OIDC_ALLOWED_GROUPS: ALLOWED_GROUP,
      OIDC_BUTTON_LABEL: 'Test provider',
      PASSWORD_LOGIN: 'on',
    };
    apply(defaults);
  });
  afterAll(async () => {
    apply(Object.fromEntries(Object.keys(defaults).map((name) => [name, undefined])));
    await provider?.stop();
  });
  return {
    provider: () => {
      if (!provider) throw new Error('useLocalSso(): the provider starts in beforeAll');
      return provider;
    },
    configure: (overrides) => apply({ ...defaults, ...overrides }),
  };
};

/** A person of the test provider. */
export const person = (email: string, groups: string[] = [], overrides: Partial<TestPerson> = {}): TestPerson => ({
  email,
  password: PERSON_PASSWORD,
  name: 'Sam Sample',
  emailVerified: true,
  groups,
  ...overrides,
});

/** Cookies of one browser at the provider, sent by path as a browser would. */
class ProviderCookies {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  header(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split(';')[0]}=${cookie.value}`)
      .join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some(
        (a) =>
          (a.toLowerCase().startsWith('expires=') && Date.parse(a.slice(8)) <= Date.now()) ||
          a.toLowerCase() === 'max-age=0',
      );
      const key = `${name};${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }
}

/** A browser's visit to the provider: its cookies persist across sign-ins of the same browser. */
export class ProviderBrowser {
  private readonly cookies = new ProviderCookies();

  /** GET or POST at the provider, following its redirects until they leave it. */
  async visit(
    start: URL,
    init: { method?: string; form?: URLSearchParams } = {},
  ): Promise<{ url: URL; page?: string }> {
    let url = start;
    let method = init.method ?? 'GET';
    let body: string | undefined = init.form?.toString();
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(url, {
        method,
        redirect: 'manual',
        headers: {
          cookie: this.cookies.header(url),
          ...(body !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body,
      });
      this.cookies.store(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        await response.body?.cancel();
        if (next.origin !== start.origin) return { url: next };
        url = next;
        method = 'GET';
        body = undefined;
        continue;
      }
      return { url, page: await response.text() };
    }
    throw new Error(`too many redirects at ${url.href}`);
  }
}

export interface SignInOptions {
  readonly returnTo?: string;
  /** Where the hub sends the browser to the provider: `/api/sso/start` unless given (a fresh sign-in of a signed-in person). */
  readonly startPath?: string;
  /** Changes the request the browser takes to the provider (e.g. another nonce). */
  readonly alterAuthorizationUrl?: (url: URL) => void;
  /** The browser's provider cookies; a new browser when not given. */
  readonly providerBrowser?: ProviderBrowser;
  /** Stops before the hub's callback and hands back where the provider sent the browser. */
  readonly stopBeforeCallback?: boolean;
}

export interface SignInOutcome {
  /** The start route's answer (302 to the provider). */
  readonly start: TestResponse;
  /** The provider's redirect back to the hub (path and query on the hub). */
  readonly callbackPath: string;
  /** The callback's answer (302 to the app or to the login page with a reason); absent with stopBeforeCallback. */
  readonly callback?: TestResponse;
  /** Where the callback sent the browser. */
  readonly location?: string;
}

/**
 * Signs `who` in through the provider's login page, as the `hub` browser: start, login form,
 * callback. With `who` undefined the person cancels at the provider's login page.
 */
export const signInThroughProvider = async (
  hub: TestClient,
  who: Pick<TestPerson, 'email' | 'password'> | undefined,
  options: SignInOptions = {},
): Promise<SignInOutcome> => {
  const query = options.returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(options.returnTo)}`;
  const start = await hub.get(`${options.startPath ?? '/api/sso/start'}${query}`);
  const location = start.headers.get('location');
  if (start.status !== 302 || !location) throw new Error(`start answered ${start.status} ${location}`);
  const authorizationUrl = new URL(location, hub.baseUrl);
  if (authorizationUrl.origin === new URL(hub.baseUrl).origin) {
    return { start, callbackPath: '', location };
  }
  options.alterAuthorizationUrl?.(authorizationUrl);
  const browser = options.providerBrowser ?? new ProviderBrowser();
  let step = await browser.visit(authorizationUrl);
  if (step.page !== undefined) {
    const action = /<form method="post" action="([^"]+\/login)"/.exec(step.page)?.[1];
    if (!action) throw new Error(`no login form at ${step.url.href}: ${step.page.slice(0, 300)}`);
    const target = new URL(who ? action : action.replace(/\/login$/, '/abort'), step.url);
    step = await browser.visit(target, {
      method: 'POST',
      form: new URLSearchParams(who ? { email: who.email, password: who.password } : {}),
    });
    if (step.page !== undefined) throw new Error(`the provider did not send the browser back: ${step.page}`);
  }
  const callbackPath = `${step.url.pathname}${step.url.search}`;
  if (options.stopBeforeCallback) return { start, callbackPath };
  const callback = await hub.get(callbackPath);
  return { start, callbackPath, callback, location: callback.headers.get('location') ?? undefined };
};
