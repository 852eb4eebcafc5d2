import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { passwordSchema } from '#shared/schemas/auth';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { createLoginUser, STRONG_PASSWORD, uniqueEmail } from './support';

/*
 * Every path that sets a password refuses one of the most common passwords and one built from
 * the account's own words, with the message on the field the request named, even though both
 * meet the composition rule.
 */
const stack = useTestStack();
const api = useTestApi();

/** Listed (as p@ssw0rd) among the most common passwords, and it meets the composition rule. */
const COMMON = 'P@ssw0rd';
const GOOD = 'Tr0ub4dor&3x';

const signedIn = async (email: string): Promise<TestClient> => {
  const browser = api.client();
  expect((await browser.post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
  return browser;
};

const linkIn = async (email: string, param: 'token' | 'invite'): Promise<string> => {
  const mails = await stack.readEmails(email);
  const match = new RegExp(`/app/auth\\?${param}=([\\w-]+)`).exec(JSON.stringify(mails.at(-1)));
  expect(match, `email with a ${param} link`).not.toBeNull();
  return match![1]!;
};

const refused = (field: string, message: string) => ({ status: 400, body: { message, fields: { [field]: message } } });

it('the passwords used here meet the composition rule, so only the new check can refuse them', () => {
  for (const password of [COMMON, GOOD, 'Quiet-Gr0ve-77', 'Newbie!2024x']) {
    expect(passwordSchema.safeParse(password).success, password).toBe(true);
  }
});

describe('guessable passwords are refused', () => {
  it('on change password', async () => {
    const { email } = await createLoginUser('user');
    const browser = await signedIn(email);
    const common = await browser.post('/api/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: COMMON,
    });
    expect(common).toMatchObject(refused('newPassword', messages.passwordCommon));
    const product = await browser.post('/api/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'ComponentHub#1',
    });
    expect(product).toMatchObject(refused('newPassword', messages.passwordContext));
    expect((await api.client().post('/api/login', { email, password: COMMON })).status).toBe(401);
    const good = await browser.post('/api/change-password', { currentPassword: STRONG_PASSWORD, newPassword: GOOD });
    expect(good.status).toBe(200);
  });

  it('on reset password, and the link still works for a better one', async () => {
    const { email } = await createLoginUser('user');
    expect((await api.client().post('/api/forgot-password', { email })).status).toBe(200);
    const token = await linkIn(email, 'token');
    const common = await api.client().post('/api/reset-password', { token, password: COMMON });
    expect(common).toMatchObject(refused('password', messages.passwordCommon));
    const reset = await api.client().post('/api/reset-password', { token, password: GOOD });
    expect(reset).toMatchObject({ status: 200, body: { message: messages.passwordReset } });
    expect((await api.client().post('/api/login', { email, password: GOOD })).status).toBe(200);
  });

  it('on accepting an invitation, with the username chosen there', async () => {
    const admin = await signedIn((await createLoginUser('admin')).email);
    const email = uniqueEmail('invitee');
    expect((await admin.post('/api/invites', { email, role: 'user' })).status).toBe(201);
    const token = await linkIn(email, 'invite');
    const invitee = api.client();
    const common = await invitee.post('/api/invites/accept', { token, username: 'quietgrove', password: COMMON });
    expect(common).toMatchObject(refused('password', messages.passwordCommon));
    const ownName = await invitee.post('/api/invites/accept', {
      token,
      username: 'newbie',
      password: 'Newbie!2024x',
    });
    expect(ownName).toMatchObject(refused('password', messages.passwordContext));
    const accepted = await invitee.post('/api/invites/accept', {
      token,
      username: 'newbie',
      password: 'Quiet-Gr0ve-77',
    });
    expect(accepted.status).toBe(200);
  });

  it('on an administrator adding a user', async () => {
    const admin = await signedIn((await createLoginUser('admin')).email);
    const email = uniqueEmail('added');
    const common = await admin.post('/api/users', { email, password: COMMON, name: 'Grace Hopper', role: 'user' });
    expect(common).toMatchObject(refused('password', messages.passwordCommon));
    const ownName = await admin.post('/api/users', {
      email,
      password: 'Gr@ceH0pper-1',
      name: 'Grace Hopper',
      role: 'user',
    });
    expect(ownName).toMatchObject(refused('password', messages.passwordContext));
    expect((await admin.post('/api/users', { email, password: GOOD, name: 'Grace Hopper', role: 'user' })).status).toBe(
      201,
    );
  });

  it("on an administrator setting a user's password, the username included", async () => {
    const admin = await signedIn((await createLoginUser('admin')).email);
    const { user, email } = await createLoginUser('user');
    const common = await admin.patch(`/api/users/${user.id}/password`, { newPassword: COMMON });
    expect(common).toMatchObject(refused('newPassword', messages.passwordCommon));
    const username = await admin.patch(`/api/users/${user.id}/password`, {
      newPassword: `${user.username.toUpperCase()}!9x`,
    });
    expect(username).toMatchObject(refused('newPassword', messages.passwordContext));
    // Still the old password: nothing was set.
    expect((await api.client().post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await admin.patch(`/api/users/${user.id}/password`, { newPassword: GOOD })).status).toBe(200);
  });
});
