import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import { SESSION_COOKIE } from '#lib/cookies';
import type { Comment } from '#shared/schemas/comments';
import { SEARCH_TEXT_MAX_LENGTH, type Component, type ComponentData } from '#shared/schemas/component';
import type { Attachment, UploadTicket } from '#shared/schemas/files';
import { TooManyRequests, Unauthorized } from '#lib/errors';
import { createComponents, getComponent } from '#repositories/components';
import { listAttachments } from '#repositories/attachments';
import { epochSeconds } from '#repositories/table';
import { putToken } from '#repositories/tokens';
import { login, requestPasswordReset } from '#services/auth/identity';
import { LOGIN_LIMITS, takeLoginAttempt } from '#services/auth/throttle';
import { randomToken, sha256 } from '#services/auth/tokens';
import { inviteUser } from '#services/users';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { createLoginUser, signIn, STRONG_PASSWORD, uniqueEmail } from './support';

/*
 * Targeted security cases: markup and script URLs stay inert text, hostile file names
 * reach neither headers nor keys, upload keys cannot climb out of the caller's prefix, oversized
 * input gets a clear 4xx, and the session and credential rules hold (cookie flags, expired links,
 * throttles under parallel requests). Other cases live where their feature is tested: see
 * SECURITY.md for the map.
 */
const stack = useTestStack();
const api = useTestApi();

let made = 0;
const newPart = async (fields: Partial<ComponentData> = {}): Promise<Component> => {
  const [component] = await createComponents(
    [{ reference: `SEC-${Date.now().toString(36)}-${++made}`, class: 'Relay', ...fields } as ComponentData],
    { username: 'test' },
  );
  return component!;
};

const SCRIPT = '<script>alert(document.cookie)</script>';
const JS_URL = 'javascript:alert(1)';

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(512, 0x20)]);
const upload = async (client: TestClient, fileName: string): Promise<UploadTicket> => {
  const ticket = await client.post<UploadTicket>('/api/uploads', {
    fileName,
    fileType: 'application/pdf',
    size: pdf.length,
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const form = new FormData();
  for (const [field, value] of Object.entries(ticket.body.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'file.pdf');
  expect((await fetch(ticket.body.url, { method: 'POST', body: form })).status).toBe(204);
  return ticket.body;
};

describe('markup and script URLs', () => {
  it('come back unchanged as JSON text, under headers that keep a browser from running them', async () => {
    const { client } = await signIn(api);
    const part = await newPart({ description: `${SCRIPT} ${JS_URL}`, articleNumber: JS_URL });
    const comment = `${SCRIPT} <a href="${JS_URL}">x</a> <img src=x onerror=alert(1)>`;
    expect((await client.post(`/api/components/${part.id}/comments`, { comment, username: SCRIPT })).status).toBe(201);

    const comments = await client.get<Comment[]>(`/api/components/${part.id}/comments`);
    expect(comments.body[0]).toMatchObject({ comment, username: SCRIPT });
    const detail = await client.get<Component>(`/api/components/${part.id}`);
    expect(detail.body).toMatchObject({ description: `${SCRIPT} ${JS_URL}`, articleNumber: JS_URL });
    for (const answer of [comments, detail]) {
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    }
  });

  it('never become a link: a file field takes only web addresses and own uploads, and serves only component files', async () => {
    const { client } = await signIn(api);
    const other = await signIn(api);
    const part = await newPart();

    const script = await client.patch(`/api/components/${part.id}`, { dataSheet: JS_URL });
    expect(script).toMatchObject({
      status: 400,
      body: { fields: { dataSheet: messages.fileFieldInvalid('Data Sheet') } },
    });
    const othersUpload = await upload(other.client, 'secret.pdf');
    const [attachmentKey] = [`attachments/${part.id}/${ulid()}/secret.pdf`];
    for (const value of [othersUpload.uploadKey, attachmentKey, '../uploads/x.pdf']) {
      expect((await client.patch(`/api/components/${part.id}`, { scheme: value })).status).toBe(400);
    }
    expect(
      (
        await client.post('/api/components', {
          reference: `SEC-NEW-${ulid()}`,
          class: 'Relay',
          threeDPart: attachmentKey,
        })
      ).status,
    ).toBe(400);
    const stolen = await client.post('/api/components', {
      reference: `SEC-NEW-${ulid()}`,
      class: 'Relay',
      dataSheet: othersUpload.uploadKey,
    });
    expect(stolen).toMatchObject({ status: 403, body: { message: messages.uploadNotYours } });
    expect(
      (await client.patch(`/api/components/${part.id}`, { dataSheet: 'https://maker.example/ds.pdf' })).status,
    ).toBe(201);

    // A value that got into the table some other way is still not served.
    const planted = await newPart({ dataSheet: othersUpload.uploadKey });
    expect((await client.get(`/api/components/${planted.id}/files/dataSheet`)).status).toBe(404);
    expect((await getComponent(planted.id))?.dataSheet).toBe(othersUpload.uploadKey);
  });
});

describe('hostile file names', () => {
  it('cannot add a header to the download or climb out of the key', async () => {
    const { client, user } = await signIn(api);
    const part = await newPart();
    const hostile = `..\\../a"b';\r\nSet-Cookie: stolen=1\r\n\r\n<script>x</script>.pdf`;
    const ticket = await upload(client, hostile);
    expect(ticket.uploadKey).toMatch(new RegExp(`^uploads/${user.id}/[0-9A-Z]{26}/[\\w.-]+$`));
    const attached = await client.post<{ attachmentId: string }>(`/api/components/${part.id}/attachments`, {
      fileName: hostile,
      fileType: 'application/pdf',
      uploadKey: ticket.uploadKey,
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);

    const [stored] = await listAttachments(part.id);
    expect(stored!.objectKey).toMatch(/^[\w/.-]+$/);
    expect(stored!.objectKey.split('/')).not.toContain('..');
    const [listed] = (await client.get<Attachment[]>(`/api/components/${part.id}/attachments`)).body;
    expect(listed!.fileName).not.toMatch(/["'\r\n<>/\\]/);
    expect(listed!.fileName).toMatch(/\.pdf$/);

    const redirect = await client.get(`/api/attachments/${attached.body.attachmentId}/download`);
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location')!);
    expect(file.status).toBe(200);
    const disposition = file.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\w.\- ]+"; filename\*=UTF-8''[\w.%-]+$/);
    expect(file.headers.get('set-cookie')).toBeNull();
  });

  it("refuses upload keys that climb out of the caller's prefix or name another user's", async () => {
    const { client, user } = await signIn(api);
    const other = await signIn(api);
    const part = await newPart();
    const theirs = await upload(other.client, 'theirs.pdf');
    const attach = (uploadKey: string) =>
      client.post(`/api/components/${part.id}/attachments`, {
        fileName: 'x.pdf',
        fileType: 'application/pdf',
        uploadKey,
      });
    const [, , theirId, theirName] = theirs.uploadKey.split('/');
    for (const key of [
      `uploads/${user.id}/${ulid()}/../../${other.user.id}/${theirId}/${theirName}`,
      `uploads/${user.id}/../${other.user.id}/${theirId}/${theirName}`,
      `../${theirs.uploadKey}`,
      `uploads/${user.id}/${ulid()}/..`,
      `uploads/${user.id}/${ulid()}/a%2F..%2Fb.pdf`,
    ]) {
      expect(await attach(key)).toMatchObject({ status: 400, body: { message: messages.uploadKeyInvalid } });
    }
    expect(await attach(theirs.uploadKey)).toMatchObject({ status: 403, body: { message: messages.uploadNotYours } });
    expect(await listAttachments(part.id)).toEqual([]);
  });
});

describe('oversized input', () => {
  it('gets a clear 400 for a 10,000-character search and a 400 or 413 for a 1 MB body, never a 5xx', async () => {
    const { client } = await signIn(api);
    const part = await newPart();
    const search = await client.get(`/api/components?query=${'a'.repeat(10_000)}`);
    expect(search).toMatchObject({
      status: 400,
      body: { message: messages.searchTextTooLong(SEARCH_TEXT_MAX_LENGTH) },
    });
    expect((await client.get(`/api/components?reference=${'b'.repeat(10_000)}`)).status).toBe(400);

    const megabyte = 'x'.repeat(1024 * 1024);
    const calls: [string, string, Record<string, unknown>][] = [
      ['POST', `/api/components/${part.id}/comments`, { comment: megabyte }],
      ['PATCH', `/api/components/${part.id}`, { description: megabyte }],
      ['POST', '/api/components', { reference: megabyte, class: 'Relay' }],
      ['POST', '/api/login', { email: 'a@example.com', password: megabyte }],
      ['PATCH', '/api/user', { username: megabyte, email: 'a@example.com' }],
      ['POST', '/api/uploads', { fileName: megabyte, fileType: 'application/pdf', size: 10 }],
      // Junk no schema keeps is refused by size before it is parsed.
      [
        'POST',
        `/api/components/${part.id}/comments`,
        { comment: 'lost', [megabyte.slice(0, 200_000)]: 1, nested: Array(100_000).fill({ a: [1] }) },
      ],
    ];
    for (const [method, path, body] of calls) {
      const answer = await client.request<{ message?: string }>(method, path, body);
      expect([400, 413], `${method} ${path}: ${answer.status}`).toContain(answer.status);
      expect(answer.body.message, `${method} ${path}`).toEqual(expect.any(String));
      expect(answer.body.message!.length).toBeLessThan(300);
    }
    const junk = await client.post(`/api/components/${part.id}/comments`, {
      comment: 'lost',
      nested: Array(120_000).fill({ a: [1] }),
    });
    expect(junk).toMatchObject({ status: 413, body: { message: messages.requestTooLarge(1) } });
    expect(
      (await client.post(`/api/components/${part.id}/comments`, { comment: 'x'.repeat(7 * 1024 * 1024) })).status,
    ).toBe(413);
    expect((await client.get<Comment[]>(`/api/components/${part.id}/comments`)).body).toEqual([]);
  });
});

/** A browser that says which host it asked for (fetch cannot set Host): the API marks cookies Secure by it. */
class HostBrowser {
  private readonly jar = new Map<string, string>();
  readonly setCookies: string[] = [];
  constructor(private readonly host: string | undefined) {}

  async send(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (method !== 'GET') headers['x-csrf-token'] = String((await this.send('GET', '/api/csrf-token')).body.token);
    if (this.host) headers.host = this.host;
    if (this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // Node sends a DELETE body only with its length: it does not chunk that method by default.
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    return new Promise((resolve, reject) => {
      const call = httpRequest(new URL(path, api.client().baseUrl), { method, headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          for (const line of response.headers['set-cookie'] ?? []) {
            this.setCookies.push(line);
            const [pair = ''] = line.split(';');
            const [name = '', value = ''] = pair.split('=');
            if (/max-age=0/i.test(line)) this.jar.delete(name);
            else this.jar.set(name, value);
          }
          resolve({
            status: response.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          });
        });
      });
      call.on('error', reject);
      call.end(payload);
    });
  }
}

describe('cookies', () => {
  it('every Set-Cookie is HttpOnly, SameSite=Lax, Path=/, and Secure unless on plain-http loopback', async () => {
    for (const host of ['hub.example.com', undefined]) {
      const { email, password } = await createLoginUser('user');
      const browser = new HostBrowser(host);
      expect((await browser.send('POST', '/api/login', { email, password })).status).toBe(200);
      expect(
        (
          await browser.send('POST', '/api/change-password', {
            currentPassword: password,
            newPassword: 'N3w!Passw0rd',
            confirmNewPassword: 'N3w!Passw0rd',
          })
        ).status,
      ).toBeLessThan(300);
      expect((await browser.send('POST', '/api/logout')).status).toBeLessThan(300);

      const invitee = uniqueEmail('invitee');
      await inviteUser(invitee, 'user');
      const link = /invite=([\w-]+)/.exec(JSON.stringify((await stack.readEmails(invitee)).at(-1)))![1]!;
      const newcomer = new HostBrowser(host);
      const accepted = await newcomer.send('POST', '/api/invites/accept', {
        token: link,
        username: `invited-${host ?? 'loopback'}`,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
      expect((await newcomer.send('DELETE', '/api/user', { currentPassword: STRONG_PASSWORD })).status).toBeLessThan(
        300,
      );

      const cookies = [...browser.setCookies, ...newcomer.setCookies];
      expect(
        cookies.filter((c) => c.startsWith(`${SESSION_COOKIE}=`)).length,
        cookies.join('\n'),
      ).toBeGreaterThanOrEqual(4);
      expect(cookies.some((c) => c.startsWith('ch_presession='))).toBe(true);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/; HttpOnly/i);
        expect(cookie).toMatch(/; SameSite=Lax/i);
        expect(cookie).toMatch(/; Path=\//i);
        if (host) expect(cookie).toMatch(/; Secure/i);
        else expect(cookie).not.toMatch(/Secure/i);
      }
    }
  });
});

describe('emailed links', () => {
  it('a reset link and an invitation link no longer work once expired', async () => {
    const { user } = await createLoginUser('user');
    const reset = randomToken();
    const past = epochSeconds(new Date()) - 1;
    await putToken('RESET', {
      tokenHash: sha256(reset),
      userId: user.id,
      createdAt: new Date(Date.now() - 3_600_000).toISOString(),
      expiresAt: past,
    });
    const resetAnswer = await api
      .client()
      .post('/api/reset-password', { token: reset, password: 'An0ther!Pass', confirmPassword: 'An0ther!Pass' });
    expect(resetAnswer).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });

    const invitee = await inviteUser(uniqueEmail('late'), 'user');
    const invite = randomToken();
    await putToken('INVITE', {
      tokenHash: sha256(invite),
      userId: invitee.id,
      createdAt: invitee.invitedAt!,
      expiresAt: past,
    });
    const accepted = await api.client().post('/api/invites/accept', {
      token: invite,
      username: 'late',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(accepted).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
  });
});

describe('throttles under parallel requests', () => {
  const settle = async (calls: Promise<unknown>[]) => {
    const outcomes = await Promise.allSettled(calls);
    const reasons = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error) : undefined));
    return {
      ok: outcomes.filter((o) => o.status === 'fulfilled').length,
      refused: reasons.filter((r) => r instanceof Unauthorized).length,
      throttled: reasons.filter((r) => r instanceof TooManyRequests).length,
    };
  };

  it("lets one client try only 5 of 20 simultaneous wrong passwords at one account, and then not the right one; another client's right one gets in", async () => {
    const { email } = await createLoginUser('user');
    const limit = LOGIN_LIMITS.perAccountAndClient;
    const outcome = await settle(
      Array.from({ length: 20 }, (_, i) => login({ email, password: `Wrong!Pass${i}` }, '198.51.100.7')),
    );
    expect(outcome).toEqual({ ok: 0, refused: limit, throttled: 20 - limit });
    await expect(login({ email, password: STRONG_PASSWORD }, '198.51.100.7')).rejects.toBeInstanceOf(TooManyRequests);
    await expect(login({ email, password: STRONG_PASSWORD }, '198.51.100.200')).resolves.toMatchObject({
      user: { email },
    });
  });

  it('lets one client through for only 20 of 40 simultaneous attempts across accounts', async () => {
    // The guard alone (no password hashing): 40 scrypt hashes at once would only measure the machine.
    const limit = LOGIN_LIMITS.perClient;
    const outcome = await settle(
      Array.from({ length: 40 }, () => takeLoginAttempt(uniqueEmail('guess'), '203.0.113.7')),
    );
    expect(outcome).toEqual({ ok: limit, refused: 0, throttled: 40 - limit });
  });

  it('sends one reset email for 20 simultaneous forgot-password requests from 20 addresses', async () => {
    const { email } = await createLoginUser('user');
    const outcome = await settle(Array.from({ length: 20 }, (_, i) => requestPasswordReset(email, `192.0.2.${i}`)));
    expect(outcome).toEqual({ ok: 20, refused: 0, throttled: 0 });
    expect(await stack.readEmails(email)).toHaveLength(1);
  });
});
