import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { createDigiKeyClient } from '#services/distributors/digikey';
import {
  DistributorMalformedAnswer,
  DistributorNotConfigured,
  DistributorRefused,
  DistributorThrottled,
  DistributorUnavailable,
} from '#services/distributors/errors';
import { distributorFor } from '#services/distributors/index';
import { createMouserClient, MOUSER_MAX_RECORDS } from '#services/distributors/mouser';
import { createRateLimiter } from '#services/distributors/rate-limiter';
import { resetConfig } from '#lib/config';
import { useTestStack } from '../../scripts/test/stack';
import { emulatorControl } from '../../scripts/local/distributor-emulator';

/*
 * The Digi-Key and Mouser clients against the local emulator of both APIs: authentication, token
 * reuse, Retry-After, server errors, timeouts and answers that are not the documented shape.
 * Each test is its own emulator tenant (client id / API key), so its faults meet only it.
 */
const stack = useTestStack();

const policy = { timeoutMs: 2000, serverErrorRetries: 2, maxRetryAfterMs: 3000 };
let tenants = 0;
const newTenant = () => emulatorControl(stack.distributors.url, `${stack.distributors.tenant}-${++tenants}`);

const digiKey = (tenant: string, overrides: Partial<Parameters<typeof createDigiKeyClient>[0]> = {}) =>
  createDigiKeyClient({
    ...policy,
    apiUrl: stack.distributors.url,
    clientId: tenant,
    clientSecret: 'secret',
    ...overrides,
  });
const mouser = (tenant: string, overrides: Partial<Parameters<typeof createMouserClient>[0]> = {}) =>
  createMouserClient({ ...policy, apiUrl: stack.distributors.url, apiKey: tenant, ...overrides });

/** A part both emulated distributors list, with a datasheet. */
const demoPart = { reference: '3RT2024-3AL21', manufacturer: 'Siemens' };

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
};

describe('Digi-Key client', () => {
  it('gets a token with the client credentials, then searches with it and the Digi-Key headers', async () => {
    const control = newTenant();
    const candidates = await digiKey(control.tenant).findPart(demoPart.reference, demoPart.manufacturer);

    expect(candidates[0]).toMatchObject({ manufacturerPartNumber: demoPart.reference, manufacturer: 'Siemens' });
    expect(candidates[0]!.imageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/[^/]+\/digikey\/photos\/.+\.png$/);
    expect(candidates[0]!.datasheetUrl).toMatch(/\.pdf$/);
    expect(candidates[0]!.productUrl).toMatch(/\/products\/digikey\//);
    const stats = await control.stats();
    expect(stats.tokensIssued).toBe(1);
    const search = stats.requests.find((request) => request.endpoint === 'digikey:search')!;
    expect(search.status).toBe(200);
    expect(search.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer .+/),
      'x-digikey-client-id': control.tenant,
      'x-digikey-locale-site': 'US',
      'x-digikey-locale-language': 'en',
      'x-digikey-locale-currency': 'USD',
    });
    expect(search.body).toEqual({ Keywords: demoPart.reference, Limit: 25, Offset: 0 });
  });

  it('reuses its token across searches, also concurrent ones, until shortly before it expires', async () => {
    const control = newTenant();
    const client = digiKey(control.tenant);
    await Promise.all([client.findPart('3RT2015-1BB41'), client.findPart('S201-C16'), client.findPart('TM3DI16')]);
    await client.findPart('DT06-2S');
    expect((await control.stats()).tokensIssued).toBe(1);

    await control.setTokenLifetime(1);
    // The client's own clock: a second and a bit later without waiting for it.
    let now = Date.now();
    const shortLived = digiKey(control.tenant, { clock: () => now });
    await shortLived.findPart('3RT2015-1BB41');
    await shortLived.findPart('3RT2015-1BB41');
    expect((await control.stats()).tokensIssued).toBe(2);
    now += 1_100;
    await shortLived.findPart('3RT2015-1BB41');
    expect((await control.stats()).tokensIssued).toBe(3);
  });

  it('gets a new token once when the API stops accepting the cached one', async () => {
    const control = newTenant();
    const client = digiKey(control.tenant);
    await client.findPart('3RT2024-3AL21');
    await control.expireTokens();
    expect(await client.findPart('3RT2024-3AL21')).not.toHaveLength(0);
    const stats = await control.stats();
    expect(stats.tokensIssued).toBe(2);
    expect(
      stats.requests.filter((request) => request.endpoint === 'digikey:search').map((request) => request.status),
    ).toEqual([200, 401, 200]);
  });

  it('reports refused credentials as DistributorRefused, without searching', async () => {
    const control = newTenant();
    await control.fault({ kind: 'unauthorized', endpoint: 'token' });
    await expect(digiKey(control.tenant).findPart('3RT2015-1BB41')).rejects.toBeInstanceOf(DistributorRefused);
    await expect(digiKey(control.tenant, { clientSecret: '' }).findPart('3RT2015-1BB41')).rejects.toMatchObject({
      name: 'DistributorRefused',
      statusCode: 503,
    });
    expect((await control.stats()).calls['digikey:search']).toBeUndefined();
  });

  it('waits for Retry-After after a 429, then succeeds', async () => {
    const control = newTenant();
    await control.fault({ kind: 'throttle', endpoint: 'search', retryAfterSeconds: 1 });
    const { value, ms } = await timed(() => digiKey(control.tenant).findPart(demoPart.reference));
    expect(value[0]?.manufacturerPartNumber).toBe(demoPart.reference);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect((await control.stats()).calls['digikey:search']).toBe(2);
  });

  it('gives up at once when Retry-After is longer than it may wait, saying how long', async () => {
    const control = newTenant();
    await control.fault({ kind: 'throttle', endpoint: 'search', retryAfterSeconds: 120 });
    const { value: error, ms } = await timed(() =>
      digiKey(control.tenant)
        .findPart(demoPart.reference)
        .catch((caught: unknown) => caught),
    );
    expect(error).toBeInstanceOf(DistributorThrottled);
    expect(error).toMatchObject({ retryAfterSeconds: 120, statusCode: 503, headers: { 'retry-after': '120' } });
    expect(ms).toBeLessThan(1000);
    expect((await control.stats()).calls['digikey:search']).toBe(1);
  });

  it('retries a 500 with backoff, and reports DistributorUnavailable when it persists', async () => {
    const control = newTenant();
    await control.fault({ kind: 'error', endpoint: 'search' });
    expect(await digiKey(control.tenant).findPart(demoPart.reference)).not.toHaveLength(0);
    expect((await control.stats()).calls['digikey:search']).toBe(2);

    await control.fault({ kind: 'error', endpoint: 'search', times: 5 });
    await expect(digiKey(control.tenant).findPart(demoPart.reference)).rejects.toBeInstanceOf(DistributorUnavailable);
    expect((await control.stats()).calls['digikey:search']).toBe(2 + 3);
  });

  it('stops waiting for an API that does not answer', async () => {
    const control = newTenant();
    await control.fault({ kind: 'hang', endpoint: 'search' });
    const { value: error, ms } = await timed(() =>
      digiKey(control.tenant, { timeoutMs: 300 })
        .findPart(demoPart.reference)
        .catch((caught: unknown) => caught),
    );
    expect(error).toBeInstanceOf(DistributorUnavailable);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(2000);
  });

  it('reports an answer that is not JSON, or not the documented shape, as DistributorMalformedAnswer', async () => {
    const control = newTenant();
    for (const fault of [
      { kind: 'malformed', endpoint: 'search' },
      { kind: 'wrong-shape', endpoint: 'search' },
      { kind: 'wrong-shape', endpoint: 'token' },
    ] as const) {
      await control.fault(fault);
      await expect(digiKey(control.tenant).findPart(demoPart.reference), JSON.stringify(fault)).rejects.toBeInstanceOf(
        DistributorMalformedAnswer,
      );
    }
  });

  it('finds nothing for a reference no distributor lists, nor for a type name where the order number is listed', async () => {
    const control = newTenant();
    const client = digiKey(control.tenant);
    expect(await client.findPart('spare cable ties')).toEqual([]);
    expect(await client.findPart('ZX-4411-B')).toEqual([]);
    expect(await client.findPart('UT 10')).toEqual([]);
    expect((await client.findPart('3044381'))[0]).toMatchObject({
      manufacturerPartNumber: '3044381',
      manufacturer: 'Phoenix Contact',
      orderNumbers: ['277-1141-ND'],
      datasheetUrl: 'http://www.phoenixcontact.com/us/products/3044381/pdf',
    });
  });

  it('looks an order number up with the product-details call', async () => {
    const control = newTenant();
    const [found] = await digiKey(control.tenant).findPart('277-1141-ND');
    expect(found).toMatchObject({ manufacturerPartNumber: '3044381' });
    expect(await digiKey(control.tenant).findPart('999-NOPE-ND')).toEqual([]);
    expect((await control.stats()).calls).toMatchObject({ 'digikey:details': 2 });
  });
});

describe('Mouser client', () => {
  it('searches by exact part number with the key in the query, and uses the documented fields', async () => {
    const control = newTenant();
    const candidates = await mouser(control.tenant).findPart(demoPart.reference, demoPart.manufacturer);
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ manufacturerPartNumber: demoPart.reference, manufacturer: 'Siemens' });
    expect(candidates[0]!.imageUrl).toMatch(/\/files\/[^/]+\/mouser\/photos\/.+\.png$/);
    const stats = await control.stats();
    expect(stats.calls).toEqual({ 'mouser:partnumber': 1 });
    expect(stats.requests[0]!.body).toEqual({
      SearchByPartRequest: { mouserPartNumber: demoPart.reference, partSearchOptions: 'Exact' },
    });
  });

  it('falls back to a keyword search of at most 50 records when the exact search finds nothing', async () => {
    const control = newTenant();
    const [found] = await mouser(control.tenant).findPart('304438');
    expect(found).toMatchObject({ manufacturerPartNumber: '3044381', manufacturer: 'Phoenix Contact' });
    const stats = await control.stats();
    expect(stats.calls).toEqual({ 'mouser:partnumber': 1, 'mouser:keyword': 1 });
    expect(stats.requests[1]!.body).toMatchObject({
      SearchByKeywordRequest: { keyword: '304438', records: MOUSER_MAX_RECORDS, startingRecord: 0 },
    });
    // Mouser reads '|' as a list of part numbers: one part is searched, so it never reaches Mouser.
    expect(await mouser(control.tenant).findPart('ZX-4411-B|other')).toEqual([]);
    expect((await control.stats()).requests.at(-1)!.body).toMatchObject({
      SearchByKeywordRequest: { keyword: 'ZX-4411-B other' },
    });
  });

  it('reports a refused key (an Errors entry in a 200 answer) as DistributorRefused', async () => {
    const control = newTenant();
    await control.fault({ kind: 'unauthorized', provider: 'mouser' });
    await expect(mouser(control.tenant).findPart(demoPart.reference)).rejects.toBeInstanceOf(DistributorRefused);
    await expect(mouser('').findPart(demoPart.reference)).rejects.toBeInstanceOf(DistributorRefused);
  });

  it('waits out a 429, retries a 500, and reports timeouts and malformed answers', async () => {
    const control = newTenant();
    await control.fault({ kind: 'throttle', provider: 'mouser', retryAfterSeconds: 1 });
    const { value, ms } = await timed(() => mouser(control.tenant).findPart(demoPart.reference));
    expect(value).toHaveLength(1);
    expect(ms).toBeGreaterThanOrEqual(950);

    await control.fault({ kind: 'error', provider: 'mouser', times: 2 });
    expect(await mouser(control.tenant).findPart(demoPart.reference)).toHaveLength(1);
    await control.fault({ kind: 'error', provider: 'mouser', times: 3 });
    await expect(mouser(control.tenant).findPart(demoPart.reference)).rejects.toBeInstanceOf(DistributorUnavailable);

    await control.fault({ kind: 'hang', provider: 'mouser' });
    await expect(mouser(control.tenant, { timeoutMs: 300 }).findPart(demoPart.reference)).rejects.toBeInstanceOf(
      DistributorUnavailable,
    );
    for (const kind of ['malformed', 'wrong-shape'] as const) {
      await control.fault({ kind, provider: 'mouser' });
      await expect(mouser(control.tenant).findPart(demoPart.reference), kind).rejects.toBeInstanceOf(
        DistributorMalformedAnswer,
      );
    }
  });
});

describe('budgets and configuration', () => {
  it('counts every attempt, retries included, and sends nothing once the minute budget is spent', async () => {
    const control = newTenant();
    const limiter = createRateLimiter(
      'mouser',
      { perMinute: 3, perDay: 100 },
      { maxWaitMs: 0, clock: () => Date.UTC(2030, 0, 1, 12, 0, 30) },
    );
    const client = mouser(control.tenant, { limiter });
    await control.fault({ kind: 'error', provider: 'mouser' });
    await client.findPart(demoPart.reference); // a 500, then the answer: two calls counted
    await client.findPart(demoPart.reference);
    await expect(client.findPart(demoPart.reference)).rejects.toBeInstanceOf(DistributorThrottled);
    expect((await control.stats()).calls['mouser:partnumber']).toBe(3);
  });

  it('builds a provider only with its credentials', async () => {
    const saved = process.env.MOUSER_API_KEY;
    try {
      process.env.MOUSER_API_KEY = ' ';
      resetConfig();
      await expect(distributorFor('mouser')).rejects.toThrow(DistributorNotConfigured);
      await expect(distributorFor('mouser')).rejects.toMatchObject({
        statusCode: 503,
        message: messages.distributorNotConfigured('Mouser'),
      });
      expect((await distributorFor('digikey')).name).toBe('digikey');
      process.env.MOUSER_API_KEY = saved;
      resetConfig();
      expect(await distributorFor('mouser')).toBe(await distributorFor('mouser'));
    } finally {
      process.env.MOUSER_API_KEY = saved;
      resetConfig();
    }
  });
});
