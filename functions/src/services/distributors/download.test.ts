import { describe, expect, it } from 'vitest';
import { FileRejected, isPublicAddress, planDownload } from './download';

const options = { trustedOrigins: ['http://127.0.0.1:4010'], httpHosts: ['www.phoenixcontact.com'] };
const plan = (address: string) => planDownload(address, options).attempts.map((url) => url.href);

describe('where a file link is fetched from', () => {
  it.each([
    // https as given; scheme-relative as https (Digi-Key writes some datasheet links so)
    ['https://mm.digikey.com/a/b.jpg', ['https://mm.digikey.com/a/b.jpg']],
    ['//mm.digikey.com/Volume0/docus/5731/857-400.pdf', ['https://mm.digikey.com/Volume0/docus/5731/857-400.pdf']],
    // plain http: its https form first, then http only for a maker's host on the allow-list
    [
      'http://www.phoenixcontact.com/us/products/3044381/pdf',
      [
        'https://www.phoenixcontact.com/us/products/3044381/pdf',
        'http://www.phoenixcontact.com/us/products/3044381/pdf',
      ],
    ],
    ['http://www.example.com:80/ds.pdf', ['https://www.example.com/ds.pdf']],
    ['http://media.example.net/x.pdf', ['https://media.example.net/x.pdf']],
    // the distributor's configured origin as given (the local emulator)
    ['http://127.0.0.1:4010/files/a.png', ['http://127.0.0.1:4010/files/a.png']],
  ])('%s -> %j', (address, attempts) => {
    expect(plan(address)).toEqual(attempts);
  });

  it.each([
    'ftp://example.com/ds.pdf',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://user:pw@example.com/a.pdf',
    '/relative.pdf',
  ])('refuses %s', (address) => {
    expect(() => planDownload(address, options)).toThrow(FileRejected);
  });
});

describe('addresses a server may fetch from', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.5', false],
    ['192.168.1.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.216.34', true],
    ['not-an-address', false],
  ])('%s -> %s', (address, allowed) => {
    expect(isPublicAddress(address)).toBe(allowed);
  });
});
