import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { changeUserRole, deleteUserAsAdmin } from '#services/users';
import { createLoginUser, STRONG_PASSWORD } from './support';

// Its own table: the one administrator created here is the only one.
useTestStack();
const api = useTestApi();

describe('the last administrator', () => {
  it('can be neither deleted nor demoted, even when the request comes from a stale admin session', async () => {
    const admin = await createLoginUser('admin');
    const other = await createLoginUser('admin');
    // Remove the other admin: one administrator is left.
    await deleteUserAsAdmin(admin.user, other.user.id);
    // A request acting as the (now deleted) other admin, as a race would produce it.
    await expect(deleteUserAsAdmin(other.user, admin.user.id)).rejects.toThrow(messages.lastAdminDelete);
    await expect(changeUserRole(other.user, admin.user.id, 'user')).rejects.toThrow(messages.lastAdminDemote);
    const browser = api.client();
    await browser.post('/api/login', { email: admin.email, password: STRONG_PASSWORD });
    expect((await browser.get('/api/users')).status).toBe(200);
  });
});
