import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { createLoginUser, STRONG_PASSWORD, uniqueEmail } from './support';

/*
 * An invitation link is checked before its form is shown: the check says whether the link still
 * works without using it, and failed checks are throttled per client so links cannot be guessed.
 */
const stack = useTestStack();
const api = useTestApi();

const invite = async (): Promise<{ email: string; token: string }> => {
  const admin = await createLoginUser('admin');
  const browser = api.client();
  expect((await browser.post('/api/login', { email: admin.email, password: STRONG_PASSWORD })).status).toBe(200);
  const email = uniqueEmail('checked');
  expect((await browser.post('/api/invites', { email, role: 'user' })).status).toBe(201);
  const mails = await stack.readEmails(email);
  const token = /\/app\/auth\?invite=([\w-]+)/.exec(JSON.stringify(mails.at(-1)))![1]!;
  return { email, token };
};

describe('checking an invitation link', () => {
  it('answers the email of a working link without using it, and refuses it once used', async () => {
    const { email, token } = await invite();
    const browser = api.client('127.0.0.31');
    for (let i = 0; i < 8; i++)
      expect(await browser.post('/api/invites/check', { token })).toMatchObject({ status: 200, body: { email } });
    const accepted = await browser.post('/api/invites/accept', {
      token,
      username: `checked${Date.now().toString(36)}`,
      password: STRONG_PASSWORD,
    });
    expect(accepted.status).toBe(200);
    expect(await api.client('127.0.0.32').post('/api/invites/check', { token })).toMatchObject({
      status: 400,
      body: { message: messages.invitationInvalid },
    });
  });

  it('throttles a client whose checks fail, and only that client', async () => {
    const { email, token } = await invite();
    const guesser = api.client('127.0.0.33');
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(await guesser.post<{ message: string }>('/api/invites/check', { token: `guess-${i}` }));
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).map((answer) => answer.status)).toEqual([429, 429]);
    // Refused even with a working link while throttled; another client checks it fine.
    expect((await guesser.post('/api/invites/check', { token })).status).toBe(429);
    expect(await api.client('127.0.0.34').post('/api/invites/check', { token })).toMatchObject({
      status: 200,
      body: { email },
    });
  });
});
