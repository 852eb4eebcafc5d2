import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  emulatorControl,
  productPhoto,
  startDistributorEmulator,
  type DistributorEmulator,
} from './distributor-emulator.ts';

let emulator: DistributorEmulator;
beforeAll(async () => {
  emulator = await startDistributorEmulator({ port: 0 });
});
afterAll(() => emulator.stop());

/** The chunks of a PNG, each CRC checked. */
const pngChunks = (png: Buffer) => {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const body = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(body));
    chunks.push({ type: body.subarray(0, 4).toString('latin1'), data: body.subarray(4) });
    at += 12 + length;
  }
  return chunks;
};

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the distributor emulator', () => {
  it('draws valid PNGs, one look per distributor', () => {
    const png = productPhoto('digikey', 'UT 2,5');
    const chunks = pngChunks(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const header = chunks[0]!.data;
    const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
    expect([header[8], header[9]]).toEqual([8, 2]);
    expect(inflateSync(chunks[1]!.data)).toHaveLength(height * (1 + width * 3));
    expect(productPhoto('mouser', 'UT 2,5')).not.toEqual(png);
    expect(productPhoto('digikey', 'UT 2,5')).toEqual(png);
  });

  it('answers Digi-Key only with a token it issued, for the client id it was issued to', async () => {
    const search = (token: string, clientId: string) =>
      post(
        '/products/v4/search/keyword',
        { Keywords: '3RT2024-3AL21', Limit: 5 },
        { authorization: `Bearer ${token}`, 'x-digikey-client-id': clientId },
      );
    const tokenAnswer = await fetch(`${emulator.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=emu-a&client_secret=s&grant_type=client_credentials',
    });
    const { access_token, expires_in, token_type } = (await tokenAnswer.json()) as {
      access_token: string;
      expires_in: number;
      token_type: string;
    };
    expect({ expires_in, token_type }).toEqual({ expires_in: 599, token_type: 'Bearer' });
    expect((await search(access_token, 'emu-a')).status).toBe(200);
    expect((await search(access_token, 'emu-b')).status).toBe(401);
    expect((await search('made-up', 'emu-a')).status).toBe(401);
  });

  it('keeps each tenant’s faults and counters to itself', async () => {
    const a = emulatorControl(emulator.url, 'emu-tenant-a');
    const b = emulatorControl(emulator.url, 'emu-tenant-b');
    await a.fault({ kind: 'error', provider: 'mouser', times: 2 });
    const mouser = (key: string) =>
      post(`/api/v1/search/partnumber?apiKey=${key}`, {
        SearchByPartRequest: { mouserPartNumber: '3RT2024-3AL21', partSearchOptions: 'Exact' },
      });
    expect((await mouser(b.tenant)).status).toBe(200);
    expect((await mouser(a.tenant)).status).toBe(500);
    expect((await mouser(a.tenant)).status).toBe(500);
    expect((await mouser(a.tenant)).status).toBe(200);
    expect((await a.stats()).calls).toEqual({ 'mouser:partnumber': 3 });
    expect((await b.stats()).calls).toEqual({ 'mouser:partnumber': 1 });
    await a.reset();
    expect((await a.stats()).calls).toEqual({});
  });

  it('serves a registered product’s files as asked, and stops hanging answers when it stops', async () => {
    const control = emulatorControl(emulator.url, 'emu-files');
    await control.addProducts([
      { manufacturerPartNumber: 'FILE-1', manufacturer: 'ABB', image: 'redirect', datasheet: 'html' },
    ]);
    const answer = (await (
      await post(`/api/v1/search/partnumber?apiKey=${control.tenant}`, {
        SearchByPartRequest: { mouserPartNumber: 'FILE-1', partSearchOptions: 'Exact' },
      })
    ).json()) as {
      SearchResults: { Parts: { ImagePath: string; DataSheetUrl: string }[] };
    };
    const [part] = answer.SearchResults.Parts;
    expect(part!.ImagePath).toMatch(new RegExp(`^${emulator.url}/files/emu-files/custom/redirect/`));
    const redirect = await fetch(part!.ImagePath, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const image = await fetch(part!.ImagePath);
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const datasheet = await fetch(part!.DataSheetUrl);
    expect(datasheet.headers.get('content-type')).toBe('application/pdf');
    expect(await datasheet.text()).toMatch(/^<!doctype html>/);

    const own = await startDistributorEmulator({ port: 0 });
    const hangControl = emulatorControl(own.url, 'emu-hang');
    await hangControl.fault({ kind: 'hang' });
    const hanging = fetch(`${own.url}/api/v1/search/keyword?apiKey=emu-hang`, { method: 'POST', body: '{}' }).then(
      () => 'answered',
      () => 'closed',
    );
    // Once the emulator has taken the call (an answer would have been written before it is
    // counted), only stopping the server ends it.
    await vi.waitFor(async () => {
      const calls = Object.values((await hangControl.stats()).calls);
      expect(calls.reduce((sum, count) => sum + count, 0)).toBe(1);
    });
    await own.stop();
    expect(await hanging).toBe('closed');
  });
});

describe('the fixed product list', () => {
  type Search = {
    SearchResults: {
      Parts: {
        ManufacturerPartNumber: string;
        Manufacturer: string;
        ImagePath: string | null;
        DataSheetUrl: string;
        MouserPartNumber: string;
      }[];
    } | null;
    Errors: { Code: string; Message: string | null }[];
  };
  const mouser = async (tenant: string, kind: 'partnumber' | 'keyword', text: string) =>
    (await (
      await post(
        `/api/v1/search/${kind}?apiKey=${tenant}`,
        kind === 'partnumber'
          ? { SearchByPartRequest: { mouserPartNumber: text, partSearchOptions: 'Exact' } }
          : { SearchByKeywordRequest: { keyword: text, records: 50 } },
      )
    ).json()) as Search;

  it('answers only for listed products, under the distributor’s own numbers and maker names', async () => {
    const tenant = 'emu-list';
    // A reference nobody lists: no product is made up for it.
    expect((await mouser(tenant, 'keyword', 'ZX-4411-B')).SearchResults?.Parts).toEqual([]);
    // Phoenix Contact is listed under its order number, not the catalogue's type name.
    expect((await mouser(tenant, 'keyword', 'UT 10')).SearchResults?.Parts).toEqual([]);
    const [phoenix] = (await mouser(tenant, 'partnumber', '3044381')).SearchResults!.Parts;
    expect(phoenix).toMatchObject({
      ManufacturerPartNumber: '3044381',
      Manufacturer: 'Phoenix Contact',
      MouserPartNumber: '651-3044381',
    });
    // Found by the Mouser number too; a renamed maker under its new name.
    const [cui] = (await mouser(tenant, 'partnumber', '490-PJ-002A')).SearchResults!.Parts;
    expect(cui).toMatchObject({ ManufacturerPartNumber: 'PJ-002A', Manufacturer: 'Same Sky' });
    // No photo for this one at Mouser; Mouser's stock package picture for that one.
    expect((await mouser(tenant, 'partnumber', 'TM3DQ8RG')).SearchResults!.Parts[0]!.ImagePath).toBeNull();
    expect((await mouser(tenant, 'partnumber', 'BAT54SLT1G')).SearchResults!.Parts[0]!.ImagePath).toMatch(
      /\/images\/mouserelectronics\/images\/SOT_23_3_t\.png$/,
    );
  });

  it('refuses non-ASCII text, numbers outside 3 to 40 characters, and answers its daily limit with HTTP 200', async () => {
    const control = emulatorControl(emulator.url, 'emu-mouser-errors');
    expect((await mouser(control.tenant, 'keyword', 'ÖLFLEX CLASSIC 110 3G1,5')).Errors).toEqual([
      expect.objectContaining({ Code: 'InvalidCharacters', Message: null }),
    ]);
    expect((await mouser(control.tenant, 'partnumber', 'A1')).Errors[0]!.Code).toBe('MinLength');
    expect((await mouser(control.tenant, 'partnumber', 'X'.repeat(41))).Errors[0]!.Code).toBe('MaxLength');
    await control.fault({ kind: 'daily-limit', provider: 'mouser' });
    const limited = await post(`/api/v1/search/partnumber?apiKey=${control.tenant}`, {
      SearchByPartRequest: { mouserPartNumber: '3044381' },
    });
    expect(limited.status).toBe(200);
    expect(((await limited.json()) as Search).Errors).toEqual([
      expect.objectContaining({ Code: 'TooManyRequests', Message: null }),
    ]);
  });

  it('gives Digi-Key’s daily and burst 429s their own headers, and a 503 with rate-limit headers', async () => {
    const control = emulatorControl(emulator.url, 'emu-digikey-limits');
    const token = (await (
      await fetch(`${emulator.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `client_id=${control.tenant}&client_secret=s&grant_type=client_credentials`,
      })
    ).json()) as { access_token: string };
    const search = () =>
      post(
        '/products/v4/search/keyword',
        { Keywords: '3044381', Limit: 5 },
        { authorization: `Bearer ${token.access_token}`, 'x-digikey-client-id': control.tenant },
      );
    await control.fault({ kind: 'daily-limit', provider: 'digikey' });
    await control.fault({ kind: 'throttle', provider: 'digikey', retryAfterSeconds: 2 });
    await control.fault({ kind: 'ratelimited-503', provider: 'digikey' });
    const daily = await search();
    expect(daily.status).toBe(429);
    expect(daily.headers.get('retry-after')).toBe('28416');
    expect(daily.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(((await daily.json()) as { detail: string }).detail).toMatch(/^Daily Ratelimit exceeded/);
    const burst = await search();
    expect([burst.status, burst.headers.get('retry-after'), burst.headers.get('x-burstlimit-remaining')]).toEqual([
      429,
      '2',
      '0',
    ]);
    const unavailable = await search();
    expect([unavailable.status, unavailable.headers.get('x-ratelimit-limit')]).toEqual([503, '1000']);
    const answer = (await (await search()).json()) as {
      Products: { ManufacturerProductNumber: string; Manufacturer: { Name: string } }[];
    };
    expect(answer.Products[0]).toMatchObject({
      ManufacturerProductNumber: '3044381',
      Manufacturer: { Name: 'Phoenix Contact' },
    });
  });

  it('serves a bot-protection 403 page from the file host when asked to', async () => {
    const control = emulatorControl(emulator.url, 'emu-blocked');
    const [part] = (await mouser(control.tenant, 'partnumber', '3044381')).SearchResults!.Parts;
    await control.fault({ kind: 'blocked', provider: 'mouser' });
    const blocked = await fetch(part!.ImagePath!);
    expect([blocked.status, blocked.headers.get('content-type'), blocked.headers.get('x-datadome')]).toEqual([
      403,
      'text/html;charset=utf-8',
      'protected',
    ]);
    expect((await fetch(part!.ImagePath!)).headers.get('content-type')).toBe('image/png');
  });
});
