/**
 * A real OpenID Connect provider on loopback (the `oidc-provider` package), for `npm start` and
 * the tests when no company provider is configured. It signs people in on its own login page,
 * issues signed ID tokens for the authorization code flow with PKCE, and offers RP-initiated
 * and back-channel logout, exactly as Entra ID, Okta or Keycloak would; its people are a handful of test accounts.
 *
 * It is never part of the AWS deployment: nothing under functions/ or infra/ imports it.
 *
 * Tests can change a person between sign-ins (groups, verified email) and can make the token
 * endpoint misbehave (`tamperWithIdTokens`): the next ID tokens are rewritten and signed again,
 * with the provider's own key or a stranger's, to prove the hub refuses them.
 */
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { LOOPBACK } from './ports.ts';

export interface TestPerson {
  /** What the person types on the login page. */
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly emailVerified: boolean;
  readonly groups: readonly string[];
}

/** Claims of an ID token, as the tamper hook sees and changes them. */
export type IdTokenClaims = Record<string, unknown>;

export interface TamperOptions {
  /** Rewrites the claims of the next ID tokens. */
  readonly claims?: (claims: IdTokenClaims) => IdTokenClaims;
  /** Signs with a key the provider never published (a forged token). */
  readonly foreignKey?: boolean;
}

export interface LocalOidcProvider {
  /** `http://127.0.0.1:<port>`: the issuer identifier and the base of every endpoint. */
  readonly issuer: string;
  readonly port: number;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The people who can sign in, by lower-cased email. */
  readonly people: ReadonlyMap<string, TestPerson>;
  /** The subject (`sub`) the provider gives a person: stable across restarts. */
  subjectOf(email: string): string;
  /** Adds a person or replaces one with the same email (groups, verification, password). */
  setPerson(person: TestPerson): void;
  removePerson(email: string): void;
  /** Makes the token endpoint rewrite the ID tokens it issues from now on; undefined stops it. */
  tamperWithIdTokens(options: TamperOptions | undefined): void;
  stop(): Promise<void>;
}

export interface LocalOidcProviderOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly people: readonly TestPerson[];
  /** Where the hub receives the authorization response (its callback route). */
  readonly redirectUris: readonly string[];
  /** Where the provider may send people back after signing them out (the hub's login page). */
  readonly postLogoutRedirectUris: readonly string[];
  /** Where the provider posts a logout token when a person's session there ends (back-channel logout). */
  readonly backChannelLogoutUri?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
}

/** The group whose members are the hub's administrators in the local setup. */
export const LOCAL_ADMIN_GROUP = 'hub-admins';
/** The group whose members are the hub's librarians (they review and import) in the local setup. */
export const LOCAL_LIBRARIAN_GROUP = 'hub-librarians';
/** People of this email domain may sign in; anyone else only through an allowed group. */
export const LOCAL_ALLOWED_DOMAIN = 'componenthub.local';

/** The test people `npm start` offers, all with one password. */
export const localPeople = (password: string): TestPerson[] => [
  {
    email: `ada.admin@${LOCAL_ALLOWED_DOMAIN}`,
    password,
    name: 'Ada Admin',
    emailVerified: true,
    groups: [LOCAL_ADMIN_GROUP, 'engineering'],
  },
  {
    email: `lena.librarian@${LOCAL_ALLOWED_DOMAIN}`,
    password,
    name: 'Lena Librarian',
    emailVerified: true,
    groups: [LOCAL_LIBRARIAN_GROUP, 'engineering'],
  },
  {
    email: `ulla.user@${LOCAL_ALLOWED_DOMAIN}`,
    password,
    name: 'Ulla User',
    emailVerified: true,
    groups: ['engineering'],
  },
  {
    email: 'olaf.outsider@partner.example',
    password,
    name: 'Olaf Outsider',
    emailVerified: true,
    groups: ['partners'],
  },
];

const htmlSafe = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlSafe(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:2rem 1rem;color:#0f172a}
main{max-width:22rem;margin:0 auto;background:#fff;border:1px solid #cbd5e1;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#475569;font-size:.9rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #94a3b8;border-radius:.375rem;font-size:1rem}
button{width:100%;margin-top:1rem;padding:.6rem;border:0;border-radius:.375rem;font-size:1rem;font-weight:600;cursor:pointer;background:#1e40af;color:#fff}
button.secondary{background:#e2e8f0;color:#0f172a}.error{color:#b91c1c;font-weight:600}
</style></head><body><main>${body}</main></body></html>`;

const readForm = async (request: IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const base64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

/** Signs claims as a compact JWS (RS256) with the given key, keeping the original header. */
const signJwt = (header: Record<string, unknown>, claims: IdTokenClaims, key: KeyObject): string => {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${base64url(sign('sha256', Buffer.from(input), key))}`;
};

export const startLocalOidcProvider = async (options: LocalOidcProviderOptions): Promise<LocalOidcProvider> => {
  const clientId = options.clientId ?? 'component-hub-local';
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('base64url');
  const people = new Map<string, TestPerson>();
  const bySubject = new Map<string, string>();
  const subjectOf = (email: string): string =>
    createHash('sha256').update(`local-oidc:${email.toLowerCase()}`).digest('hex').slice(0, 32);
  const setPerson = (person: TestPerson): void => {
    people.set(person.email.toLowerCase(), person);
    bySubject.set(subjectOf(person.email), person.email.toLowerCase());
  };
  for (const person of options.people) setPerson(person);

  // The signing key: RS256, the algorithm every client accepts by default.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
  const signingKey = createPrivateKey({ key: jwk as never, format: 'jwk' });
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  let tamper: TamperOptions | undefined;

  // Listen first: the issuer names the port.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: LOOPBACK, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${LOOPBACK}:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Component Hub',
        redirect_uris: [...options.redirectUris],
        post_logout_redirect_uris: [...options.postLogoutRedirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        ...(options.backChannelLogoutUri && {
          backchannel_logout_uri: options.backChannelLogoutUri,
          // Logout tokens (and ID tokens) name the provider's session, so only its hub sessions end.
          backchannel_logout_session_required: true,
        }),
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    // The hub reads the person from the ID token, as it does with Entra ID and Okta.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // The provider keeps its outgoing calls (back-channel logout) off loopback and private
    // addresses; here the hub it calls runs on loopback beside it, so that guard is left out.
    fetch: (url, init) => {
      const { dispatcher: _guard, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
      return fetch(url, rest);
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = page(
            'Sign out',
            `<h1>Sign out of the local test provider?</h1><p>You are signed out of Component Hub already.</p>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button class="secondary" type="submit" form="op.logoutForm">No, stay signed in</button>`,
          );
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = page('Signed out', '<h1>Signed out</h1><p>You are signed out of the local test provider.</p>');
        },
      },
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>Sign-in error</h1><p class="error">${htmlSafe(String(out.error))}: ${htmlSafe(String(out.error_description ?? ''))}</p>`,
      );
    },
    findAccount: (_ctx, sub) => {
      const email = bySubject.get(sub);
      const person = email ? people.get(email) : undefined;
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: person.email,
          email_verified: person.emailVerified,
          name: person.name,
          groups: [...person.groups],
        }),
      };
    },
    // First-party client: no consent page; whatever it asks for within the scopes above is granted.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('backchannel.error', (_ctx, error: Error, client: { clientId: string }) =>
    console.error(`local OpenID provider: back-channel logout to ${client.clientId} failed: ${error.message}`),
  );

  // Misbehaving on purpose (tests only): rewrite and re-sign the ID token the token endpoint sends.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (!tamper || ctx.oidc?.route !== 'token' || typeof body?.id_token !== 'string') return;
    const [header, payload] = body.id_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as IdTokenClaims;
    body.id_token = signJwt(
      JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as Record<string, unknown>,
      tamper.claims ? tamper.claims(claims) : claims,
      tamper.foreignKey ? strangerKey : signingKey,
    );
  });

  const loginPage = (uid: string, error?: string): string =>
    page(
      'Sign in: local test provider',
      `<h1>Local test provider</h1><p>Sign in to continue to Component Hub.</p>
${error ? `<p class="error" role="alert">${htmlSafe(error)}</p>` : ''}
<form method="post" action="/interaction/${htmlSafe(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${htmlSafe(uid)}/abort"><button class="secondary" type="submit">Cancel</button></form>`,
    );

  const html = (response: ServerResponse, status: number, body: string): void => {
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
    });
    response.end(body);
  };

  /** The provider's own pages: the login form, its submission, and cancelling. */
  const interaction = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const [, , uid, action] = (request.url ?? '').split('?')[0]!.split('/');
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) return html(response, 400, page('Sign-in error', '<h1>This sign-in has expired.</h1>'));
    if (request.method === 'GET' && !action) return html(response, 200, loginPage(uid));
    if (request.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'The person cancelled the sign-in.',
      });
    }
    if (request.method === 'POST' && action === 'login') {
      const form = await readForm(request);
      const person = people.get((form.get('email') ?? '').trim().toLowerCase());
      if (!person || person.password !== form.get('password')) {
        return html(response, 200, loginPage(uid, 'Wrong email or password.'));
      }
      return provider.interactionFinished(
        request,
        response,
        { login: { accountId: subjectOf(person.email) } },
        { mergeWithLastSubmission: false },
      );
    }
    html(response, 404, page('Not found', '<h1>Not found</h1>'));
  };

  const callback = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if ((request.url ?? '').startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        if (response.headersSent) return void response.destroy();
        html(
          response,
          400,
          page('Sign-in error', `<h1>Sign-in error</h1><p>${htmlSafe((error as Error).message)}</p>`),
        );
      });
      return;
    }
    void callback(request, response);
  });

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    people,
    subjectOf,
    setPerson,
    removePerson: (email) => {
      people.delete(email.toLowerCase());
      bySubject.delete(subjectOf(email));
    },
    tamperWithIdTokens: (next) => {
      tamper = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
