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
  emulator = await startDistributorEmulator({ port: 0, catalogueSize: 50 });
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
        { Keywords: 'ZX-100', Limit: 5 },
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
        SearchByPartRequest: { mouserPartNumber: 'ZX-100', partSearchOptions: 'Exact' },
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

    const own = await startDistributorEmulator({ port: 0, catalogueSize: 1 });
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
