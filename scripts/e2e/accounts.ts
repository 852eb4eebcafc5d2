/**
 * Accounts for the journeys, added through the product's own API (`POST /api/users`) by the
 * seeded administrator, the way an administrator would.
 */
import type { Stack } from './stack.ts';

export interface Account {
  email: string;
  password: string;
  name: string;
  username: string;
}

/** A cookie-keeping API client for one person, following the CSRF rule like the SPA. */
class ApiSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    // The token comes first: fetching it may set the pre-session cookie it is bound to.
    const csrf = method === 'GET' ? undefined : await this.csrfToken();
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (csrf !== undefined) headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.origin}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  }

  private async csrfToken(): Promise<string> {
    const response = await this.send('GET', '/csrf-token');
    return ((await response.json()) as { token: string }).token;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /api${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

const adminSessions = new WeakMap<Stack, Promise<ApiSession>>();

const adminSession = (stack: Stack): Promise<ApiSession> => {
  let session = adminSessions.get(stack);
  if (!session) {
    session = (async () => {
      const api = new ApiSession(stack.origin);
      await api.call('POST', '/login', stack.admin);
      return api;
    })();
    adminSessions.set(stack, session);
  }
  return session;
};

let counter = 0;

/** A new account with a unique email; role 'user' unless asked. */
export const createAccount = async (stack: Stack, label: string, role: 'user' | 'admin' = 'user'): Promise<Account> => {
  counter += 1;
  const email = `${label}-${Date.now().toString(36)}-${counter}@componenthub.test`;
  const password = 'Start-Passw0rd!';
  const name = `E2e ${label.replace(/[^a-z]/gi, '')}`;
  const api = await adminSession(stack);
  const created = await api.call<{ username?: string; user?: { username: string } }>('POST', '/users', {
    email,
    password,
    name,
    role,
  });
  const username = created.username ?? created.user?.username ?? '';
  if (!username) throw new Error(`POST /api/users answered without a username: ${JSON.stringify(created)}`);
  return { email, password, name, username };
};
