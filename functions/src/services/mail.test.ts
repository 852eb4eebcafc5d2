import { describe, expect, it } from 'vitest';
import { composeEmail, neutraliseLinks } from './mail';

describe('links in emails', () => {
  it('breaks web addresses written into an email so no mail client links them', () => {
    expect(neutraliseLinks('Submitted by evil.com/login')).toBe('Submitted by evil[.]com/login');
    expect(neutraliseLinks('see https://phish.example.org/reset?x=1 now')).toBe(
      'see https[://]phish[.]example[.]org/reset?x=1 now',
    );
    expect(neutraliseLinks('www.bank.de and 10.0.0.1')).toBe('www[.]bank[.]de and 10[.]0[.]0[.]1');
    // Words, part numbers and file names stay as they are.
    expect(neutraliseLinks('3RT2015-1BB41 by alice, datasheet.pdf, 2.5 mm²')).toBe(
      '3RT2015-1BB41 by alice, datasheet.pdf, 2.5 mm²',
    );
  });

  it("keeps the product's own call to action intact in the text and HTML parts", () => {
    const email = composeEmail({
      to: 'a@example.com',
      subject: 'Waiting',
      blocks: ['bob.example.com submitted a request', { list: ['one from http://x.io'] }],
      action: { label: 'Open the approval queue', url: 'https://hub.example.com/component-hub/approval-queue' },
      closing: ['Thanks'],
    });
    expect(email.text).toBe(
      'bob[.]example[.]com submitted a request\n\n- one from http[://]x[.]io\n\nOpen the approval queue: https://hub.example.com/component-hub/approval-queue\n\nThanks\n',
    );
    expect(email.html).toContain('<a href="https://hub.example.com/component-hub/approval-queue">');
    expect(email.html).toContain('<li>one from http[://]x[.]io</li>');
    expect(email.html).not.toMatch(/bob\.example/);
  });
});
