import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { inviteUser } from '#services/users';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { createLoginUser, STRONG_PASSWORD, uniqueEmail } from './support';

/*
 * An administrator invited but not yet active cannot sign in, so it must not count towards
 * the administrators the last-administrator guard keeps. This file's table starts empty: the
 * admin created here is the only active one.
 */
useTestStack();
const api = useTestApi();

describe('a pending administrator invitee', () => {
  it('does not count as an administrator until the invitation is accepted', async () => {
    const { email } = await createLoginUser('admin');
    const admin = api.client();
    expect((await admin.post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const invitee = uniqueEmail('admin-invitee');
    await inviteUser(invitee, 'admin');

    const deleted = await admin.delete('/api/user', { currentPassword: STRONG_PASSWORD });
    expect(deleted).toMatchObject({ status: 409, body: { message: messages.lastAdminSelfDelete } });
    expect((await admin.get('/api/user')).status).toBe(200);
  });
});
