import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { commentInputSchema } from './comments';
import { componentInputSchema } from './component';
import { profileSchema } from './auth';
import { reviewRequestSchema } from './approvals';
import { acceptInviteSchema, createUserSchema } from './users';
import { isSafeText } from './text';

const RLO = '\u202e';
const NUL = '\u0000';
const LONE_HIGH = '\ud83d';
const LONE_LOW = '\ude00';

describe('stored text refuses invisible control characters', () => {
  it.each([
    ['a right-to-left override', `admin${RLO}nimda`],
    ['a left-to-right isolate', 'name\u2066x\u2069'],
    ['a NUL', `cut${NUL}here`],
    ['a lone high surrogate', `half${LONE_HIGH}`],
    ['a lone low surrogate', `${LONE_LOW}half`],
  ])('refuses %s', (_, text) => {
    expect(isSafeText(text)).toBe(false);
  });

  it('keeps ordinary text of every script, emoji (surrogate pairs) and right-to-left letters', () => {
    for (const text of ['Schütz 3RT2015', 'מגע 24V', 'Реле', '継電器', 'ok 😀', 'Ø 12 mm ± 0,5']) {
      expect(isSafeText(text)).toBe(true);
    }
  });

  it('in the profile, the invitation and the add-user form', () => {
    const profile = profileSchema.safeParse({ username: `bob${RLO}gpj`, email: 'a@b.co' });
    expect(profile.error?.issues[0]?.message).toBe(messages.textControlCharacters('Username'));
    const names = profileSchema.safeParse({ username: 'bobby', firstName: `Bo${NUL}b`, email: 'a@b.co' });
    expect(names.error?.issues[0]?.message).toBe(messages.textControlCharacters('First name'));
    const invite = acceptInviteSchema.safeParse({ token: 't', username: `x${LONE_HIGH}yz`, password: 'Str0ng!Pass' });
    expect(invite.error?.issues[0]?.message).toBe(messages.textControlCharacters('Username'));
    const added = createUserSchema.safeParse({ email: 'a@b.co', password: 'Str0ng!Pass', name: RLO, role: 'user' });
    expect(added.error?.issues[0]?.message).toBe(messages.textControlCharacters('Name'));
  });

  it('in comments, review notes and component fields', () => {
    expect(commentInputSchema.safeParse({ comment: `fine${RLO}` }).error?.issues[0]?.message).toBe(
      messages.textControlCharacters('Comment'),
    );
    expect(commentInputSchema.safeParse({ comment: 'fine', username: `a${NUL}` }).success).toBe(false);
    expect(reviewRequestSchema.safeParse({ status: 'rejected', reviewNotes: `no${RLO}` }).success).toBe(false);
    const part = componentInputSchema.safeParse({ reference: `3RT${RLO}2015`, class: 'Relay' });
    expect(part.error?.issues[0]?.message).toBe(messages.textControlCharacters('Reference'));
    expect(
      componentInputSchema.safeParse({ reference: '3RT2015', class: 'Relay', description: `x${LONE_LOW}` }).success,
    ).toBe(false);
    expect(componentInputSchema.safeParse({ reference: '3RT2015', class: 'Relay', description: 'ok 😀' }).success).toBe(
      true,
    );
  });
});
