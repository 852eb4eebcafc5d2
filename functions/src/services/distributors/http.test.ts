import { describe, expect, it } from 'vitest';
import { retryAfterMs, webAddress } from './http';
import { DistributorDailyLimit } from './errors';

describe('Retry-After', () => {
  const now = Date.UTC(2030, 5, 1, 12, 0, 0);
  it.each([
    ['7', 7000],
    [' 0 ', 0],
    ['Sat, 01 Jun 2030 12:00:30 GMT', 30_000],
    ['Sat, 01 Jun 2030 11:59:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
    ['-5', undefined],
  ])('%j -> %j ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});

describe('addresses in answers', () => {
  it.each([
    ['https://mm.digikey.com/Volume0/photo.jpg', 'https://mm.digikey.com/Volume0/photo.jpg'],
    [
      '//www.te.com/commerce/DocumentDelivery/DDEController?Action=x',
      'https://www.te.com/commerce/DocumentDelivery/DDEController?Action=x',
    ],
    ['  http://127.0.0.1:4000/files/a.png ', 'http://127.0.0.1:4000/files/a.png'],
    ['', null],
    [null, null],
    ['javascript:alert(1)', null],
    ['file:///etc/passwd', null],
    ['ftp://example.com/ds.pdf', null],
    ['/relative/only.pdf', null],
  ])('%j -> %j', (value, expected) => {
    expect(webAddress(value)).toBe(expected);
  });
});

describe('DistributorDailyLimit', () => {
  it('names the minute the stop is recorded for, even in the last second before the next one', () => {
    const resumes = new Date('2026-11-26T20:19:59.600Z');
    const stop = new DistributorDailyLimit('digikey', resumes, Date.parse('2026-11-26T12:26:23.000Z'));
    // Recorded in whole seconds (20:20:00): the answers read back from the record say the same.
    expect(stop.resumesAt.toISOString()).toBe('2026-11-26T20:20:00.000Z');
    expect(stop.message).toContain('resume at 20:20 UTC');
    expect(stop.message).toBe(new DistributorDailyLimit('digikey', stop.resumesAt).message);
    expect(stop.headers['retry-after']).toBe(String(28_417));
  });
});
