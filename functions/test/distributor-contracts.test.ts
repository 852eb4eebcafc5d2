import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ComponentData } from '#shared/schemas/component';
import type { PartSearchResponse } from '#shared/schemas/distributors';
import { resetConfig } from '#lib/config';
import { listAttachments } from '#repositories/attachments';
import { createComponents } from '#repositories/components';
import { readRateWindowState } from '#repositories/rate-limits';
import { createDigiKeyClient } from '#services/distributors/digikey';
import { downloadFile, planDownload } from '#services/distributors/download';
import { DistributorCannotSearch, DistributorDailyLimit, DistributorRefused } from '#services/distributors/errors';
import { isGenericPhoto } from '#services/distributors/generic-photos';
import { AUTO_APPROVE_CONFIDENCE, bestMatch } from '#services/distributors/matcher';
import { createMouserClient } from '#services/distributors/mouser';
import { partSearchKeys } from '#services/distributors/part-keys';
import { createRateLimiter, windowOf } from '#services/distributors/rate-limiter';
import type { Distributor, DistributorCandidate } from '#services/distributors/types';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { productPhoto } from '../../scripts/local/distributor-emulator';
import { fixture, replayAddress, startReplay, type Fixture } from './distributor-replay';
import { signedInClient } from './support';

/*
 * Contract tests: answers recorded from the real Digi-Key and Mouser APIs (and the error shapes
 * their documents describe), kept in fixtures/distributors with their sources (see its README),
 * replayed over HTTP to the product's own clients, matcher and download path. Nothing of the
 * product is stubbed: only the distributors are, by their recorded answers.
 */
const stack = useTestStack();
const api = useTestApi();

let replay: Awaited<ReturnType<typeof startReplay>>;
beforeAll(async () => {
  replay = await startReplay();
});
afterAll(() => replay.stop());

const policy = { timeoutMs: 3000, serverErrorRetries: 0, maxRetryAfterMs: 3000 };
const digiKey = (overrides: Partial<Parameters<typeof createDigiKeyClient>[0]> = {}) =>
  createDigiKeyClient({ ...policy, apiUrl: replay.url, clientId: 'replay', clientSecret: 'replay', ...overrides });
const mouser = (overrides: Partial<Parameters<typeof createMouserClient>[0]> = {}) =>
  createMouserClient({ ...policy, apiUrl: replay.url, apiKey: 'replay', ...overrides });

const KEYWORD = 'POST /products/v4/search/keyword';
const MOUSER_PART = 'POST /api/v1/search/partnumber';
const MOUSER_KEYWORD = 'POST /api/v1/search/keyword';

/** The product's matcher over what a client answers for the part's keys in turn, as a search does (until a publishable match). */
const matchPart = async (
  client: Distributor,
  part: { reference: string; articleNumber?: string; commercialReference?: string; manufacturer: string },
) => {
  const keys = partSearchKeys(part);
  const candidates: DistributorCandidate[] = [];
  for (const key of keys) {
    candidates.push(...(await client.findPart(key, part.manufacturer)));
    const match = bestMatch(
      { reference: part.reference, manufacturer: part.manufacturer, otherKeys: keys },
      candidates,
    );
    if (match && match.confidence >= AUTO_APPROVE_CONFIDENCE) return match;
  }
  return bestMatch({ reference: part.reference, manufacturer: part.manufacturer, otherKeys: keys }, candidates);
};

describe('Digi-Key answers, replayed', () => {
  it('reads a recorded v4 keyword search: order numbers, a package drawing as photo, https links', async () => {
    replay.reset();
    replay.queue(KEYWORD, fixture('digikey-keyword-595-LM358BAIPWR'));
    const [product, ...others] = await digiKey().findPart('595-LM358BAIPWR');
    expect(others).toEqual([]);
    expect(product).toMatchObject({
      manufacturerPartNumber: 'LM358BAIPWR',
      manufacturer: 'Texas Instruments',
      orderNumbers: ['296-LM358BAIPWRTR-ND', '296-LM358BAIPWRCT-ND', '296-LM358BAIPWRDKR-ND'],
      datasheetUrl: 'https://www.ti.com/lit/ds/symlink/lm2904ba.pdf',
      productUrl: 'https://www.digikey.com/en/products/detail/texas-instruments/LM358BAIPWR/16186273',
    });
    // The photo is TI's 8-TSSOP package drawing (Digi-Key's <maker>~<drawing>~<package>~<pins> name).
    expect(isGenericPhoto(product!.imageUrl!)).toBe(true);
    expect(JSON.parse(replay.requests.at(-1)!.body)).toEqual({ Keywords: '595-LM358BAIPWR', Limit: 25, Offset: 0 });
  });

  it('matches a catalogue part kept under a Mouser number once the prefix is taken off', async () => {
    replay.reset();
    replay.queue(KEYWORD, fixture('digikey-keyword-595-LM358BAIPWR'), fixture('digikey-keyword-595-LM358BAIPWR'));
    const match = await matchPart(digiKey(), { reference: '595-LM358BAIPWR', manufacturer: 'Texas Instruments' });
    expect(match).toMatchObject({ candidate: { manufacturerPartNumber: 'LM358BAIPWR' }, confidence: 1 });
  });

  it('looks a Digi-Key order number up with the product-details call', async () => {
    replay.reset();
    replay.queue(
      'GET /products/v4/search/296-LM358BAIPWRCT-ND/productdetails',
      fixture('digikey-productdetails-296-LM358BAIPWRCT-ND'),
    );
    const match = await matchPart(digiKey(), { reference: '296-LM358BAIPWRCT-ND', manufacturer: 'TI' });
    expect(match).toMatchObject({ candidate: { manufacturerPartNumber: 'LM358BAIPWR' }, confidence: 1 });
    expect(replay.requests.map((request) => `${request.method} ${request.path}`)).toContain(
      'GET /products/v4/search/296-LM358BAIPWRCT-ND/productdetails',
    );
    // A number Digi-Key does not know is no product (a 404), not an error.
    replay.queue('GET /products/v4/search/0-NOPE-ND/productdetails', {
      source: 'Digi-Key 404 (DKProblemDetails)',
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: { title: 'Not Found', status: 404, detail: 'Requested Product 0-NOPE-ND Not Found' },
    });
    expect(await digiKey().findPart('0-NOPE-ND')).toEqual([]);
  });

  it('reads WAGO products recorded from a keyword search: a scheme-relative datasheet becomes https, the maker name matches', async () => {
    replay.reset();
    replay.queue(KEYWORD, fixture('digikey-keyword-wago-857-4'));
    const candidates = await digiKey().findPart('857-4');
    const wago = candidates.find((candidate) => candidate.manufacturerPartNumber === '857-400')!;
    expect(wago.datasheetUrl).toBe('https://mm.digikey.com/Volume0/opasdata/d220001/medias/docus/5731/857-400.pdf');
    const recorded = (fixture('digikey-keyword-wago-857-4').body as { Products: { DatasheetUrl: string }[] }).Products;
    expect(recorded[0]!.DatasheetUrl).toBe('//mm.digikey.com/Volume0/opasdata/d220001/medias/docus/5731/857-400.pdf');
    expect(planDownload(recorded[0]!.DatasheetUrl, { trustedOrigins: [] }).attempts.map(String)).toEqual([
      'https://mm.digikey.com/Volume0/opasdata/d220001/medias/docus/5731/857-400.pdf',
    ]);
    expect(bestMatch({ reference: '857-400', manufacturer: 'WAGO' }, candidates)).toMatchObject({
      candidate: { manufacturerPartNumber: '857-400', manufacturer: 'WAGO Corporation' },
      confidence: 1,
    });
  });

  it('recognises the series photos in recorded 3M answers', async () => {
    replay.reset();
    replay.queue(KEYWORD, fixture('digikey-keyword-3m-heat-shrink'));
    const candidates = await digiKey().findPart('FP-301');
    const series = candidates.filter((candidate) => candidate.imageUrl && isGenericPhoto(candidate.imageUrl));
    expect(series.map((candidate) => candidate.manufacturerPartNumber).sort()).toEqual([`FP-301 1/16" CR 1000'`]);
    expect(candidates).toHaveLength(4);
  });

  it('stops every caller until the reset after the daily-limit 429, without asking Digi-Key again', async () => {
    replay.reset();
    replay.queue(KEYWORD, fixture('digikey-429-daily-limit'), fixture('digikey-keyword-595-LM358BAIPWR'));
    // A moment of its own, so the pause it stores meets no other test's windows.
    const at = Date.UTC(2031, 2, 3, 20, 0, 0);
    const clock = () => at;
    const limiter = createRateLimiter('digikey', { perMinute: 100, perDay: 1000 }, { maxWaitMs: 0, clock });
    const error = await digiKey({ limiter })
      .findPart('595-LM358BAIPWR')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DistributorDailyLimit);
    const stop = error as DistributorDailyLimit;
    expect(stop.resumesAt).toEqual(new Date(at + 28_416_000));
    expect(stop).toMatchObject({ statusCode: 503, kind: 'daily-limit' });
    expect(stop.headers['retry-after']).toBe('28416');
    expect(stop.message).toMatch(
      /^Digi-Key has reached its daily request limit for Component Hub\. Digi-Key searches resume at \d\d:\d\d UTC\.$/,
    );
    expect(replay.callsTo('/products/v4/search/keyword')).toBe(1);

    // Another instance (a new limiter) reads the stop from the table and does not call either.
    const other = createRateLimiter('digikey', { perMinute: 100, perDay: 1000 }, { maxWaitMs: 0, clock });
    await expect(digiKey({ limiter: other }).findPart('595-LM358BAIPWR')).rejects.toBeInstanceOf(DistributorDailyLimit);
    expect(replay.callsTo('/products/v4/search/keyword')).toBe(1);
    const day = await readRateWindowState(windowOf('digikey', 86_400, Math.floor(at / 1000)));
    expect(day.pausedUntil).toBe(Math.ceil(stop.resumesAt.getTime() / 1000));
    expect(day.pauseReason).toBe(stop.message);
  });

  it('waits out a burst-limit 429 and a 503 that carries rate-limit headers, then reads the answer', async () => {
    replay.reset();
    replay.queue(
      KEYWORD,
      fixture('digikey-429-burst-limit'),
      fixture('digikey-503-with-rate-limit-headers'),
      fixture('digikey-keyword-595-LM358BAIPWR'),
    );
    const started = Date.now();
    const [product] = await digiKey().findPart('595-LM358BAIPWR');
    expect(product?.manufacturerPartNumber).toBe('LM358BAIPWR');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(replay.callsTo('/products/v4/search/keyword')).toBe(3);
  });

  it('reports refused credentials and an expired token in words', async () => {
    replay.reset();
    replay.queue(KEYWORD, fixture('digikey-401-bearer'), fixture('digikey-401-bearer'));
    await expect(digiKey().findPart('595-LM358BAIPWR')).rejects.toMatchObject({
      name: 'DistributorRefused',
      message: messages.distributorRefused('Digi-Key'),
    });
    // The token was renewed once before giving up.
    expect(replay.callsTo('/v1/oauth2/token')).toBe(2);
  });
});

describe('Mouser answers, replayed', () => {
  it('reads a recorded part-number search: Mouser number, onsemi, its stock package picture', async () => {
    replay.reset();
    replay.queue(MOUSER_PART, fixture('mouser-partnumber-863-BAT54SLT1G'));
    const [part] = await mouser().findPart('863-BAT54SLT1G');
    expect(part).toMatchObject({
      manufacturerPartNumber: 'BAT54SLT1G',
      manufacturer: 'onsemi',
      orderNumbers: ['863-BAT54SLT1G'],
      datasheetUrl: 'https://www.mouser.com/datasheet/2/308/BAT54SLT1_D-2309936.pdf',
    });
    expect(isGenericPhoto(part!.imageUrl!)).toBe(true);
    expect(JSON.parse(replay.requests.at(-1)!.body)).toEqual({
      SearchByPartRequest: { mouserPartNumber: '863-BAT54SLT1G', partSearchOptions: 'Exact' },
    });
    expect(bestMatch({ reference: '863-BAT54SLT1G', manufacturer: 'ON Semiconductor' }, [part!])).toMatchObject({
      confidence: 1,
    });
  });

  it('reads a recorded keyword search in a Japanese locale, an empty datasheet link as none', async () => {
    replay.reset();
    replay.queue(MOUSER_PART, fixture('mouser-partnumber-missing'));
    replay.queue(MOUSER_KEYWORD, fixture('mouser-keyword-ja-595-LM358BAIPWR'));
    const [part] = await mouser().findPart('595-LM358BAIPWR');
    expect(part).toMatchObject({
      manufacturerPartNumber: 'LM358BAIPWR',
      manufacturer: 'Texas Instruments',
      orderNumbers: ['595-LM358BAIPWR'],
      datasheetUrl: null,
      description: 'オペレーショナル・アンプ：オプ・アンプ Dual 36-V 1.2-MHz 2- mV offset voltage',
      productUrl: 'https://www.mouser.jp/ProductDetail/Texas-Instruments/LM358BAIPWR?qs=MyNHzdoqoQKil76NOza%2FNA%3D%3D',
    });
    expect(isGenericPhoto(part!.imageUrl!)).toBe(true);
  });

  it('searches part numbers of 3 to 40 characters only; longer text goes to the keyword search', async () => {
    replay.reset();
    replay.queue(MOUSER_KEYWORD, fixture('mouser-partnumber-missing'), fixture('mouser-partnumber-missing'));
    expect(await mouser().findPart('TERMINAL BLOCK PUSH-IN 2.5MM2 GREY 4 CONDUCTORS')).toEqual([]);
    expect(await mouser().findPart('A1')).toEqual([]);
    expect(replay.callsTo('/api/v1/search/partnumber')).toBe(0);
    expect(replay.callsTo('/api/v1/search/keyword')).toBe(2);
  });

  it('reports the recorded refused key as DistributorRefused', async () => {
    replay.reset();
    replay.queue(MOUSER_PART, fixture('mouser-invalid-api-key'));
    await expect(mouser().findPart('863-BAT54SLT1G')).rejects.toBeInstanceOf(DistributorRefused);
  });

  it('reads TooManyRequests (HTTP 200, null message) as the daily limit, stops, and does not ask again', async () => {
    replay.reset();
    replay.queue(MOUSER_PART, fixture('mouser-200-too-many-requests'));
    const at = Date.UTC(2031, 4, 5, 9, 30, 0);
    const limiter = createRateLimiter('mouser', { perMinute: 30, perDay: 1000 }, { maxWaitMs: 0, clock: () => at });
    const error = await mouser({ limiter, clock: () => at })
      .findPart('863-BAT54SLT1G')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DistributorDailyLimit);
    expect(error).toMatchObject({
      resumesAt: new Date(Date.UTC(2031, 4, 6, 0, 0, 0)),
      message: messages.distributorDailyLimit('Mouser', '00:00'),
    });
    await expect(mouser({ limiter, clock: () => at }).findPart('863-BAT54SLT1G')).rejects.toBeInstanceOf(
      DistributorDailyLimit,
    );
    expect(replay.callsTo('/api/v1/search/partnumber')).toBe(1);
  });

  it('retries refused characters once in plain ASCII, and says so in words when still refused', async () => {
    replay.reset();
    replay.queue(MOUSER_PART, fixture('mouser-200-invalid-characters'), fixture('mouser-partnumber-missing'));
    replay.queue(MOUSER_KEYWORD, fixture('mouser-partnumber-missing'));
    expect(await mouser().findPart('ÖLFLEX CLASSIC 110 3G1,5')).toEqual([]);
    const sent = replay.requests.map((request) => {
      const body = JSON.parse(request.body) as {
        SearchByPartRequest?: { mouserPartNumber: string };
        SearchByKeywordRequest?: { keyword: string };
      };
      return `${request.path} ${body.SearchByPartRequest?.mouserPartNumber ?? body.SearchByKeywordRequest?.keyword}`;
    });
    expect(sent).toEqual([
      '/api/v1/search/partnumber ÖLFLEX CLASSIC 110 3G1,5',
      '/api/v1/search/partnumber OLFLEX CLASSIC 110 3G1,5',
      '/api/v1/search/keyword OLFLEX CLASSIC 110 3G1,5',
    ]);

    replay.reset();
    replay.queue(MOUSER_KEYWORD, fixture('mouser-200-invalid-characters'), fixture('mouser-200-invalid-characters'));
    const error = await mouser()
      .findPart('継電器 ÖLFLEX CLASSIC 110 3G1,5 LONG ENOUGH FOR THE KEYWORD SEARCH')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DistributorCannotSearch);
    expect((error as Error).message).toBe(
      messages.distributorCannotSearch('Mouser', '継電器 ÖLFLEX CLASSIC 110 3G1,5 LONG ENOUGH FOR THE KEYWORD SEARCH'),
    );
  });
});

describe('the download path, replayed', () => {
  it('gives the reason when a host answers a bot-protection 403 page instead of the file', async () => {
    replay.reset();
    const address = 'https://www.mouser.com/datasheet/2/308/BAT54SLT1_D-2309936.pdf';
    replay.serveFile(address, fixture('mouser-403-bot-protection'));
    await expect(
      downloadFile(replayAddress(replay.url, address), {
        accept: ['application/pdf'],
        trustedOrigins: [replay.url],
        timeoutMs: 3000,
      }),
    ).rejects.toMatchObject({ name: 'FileRejected', reason: 'blocked' });
  });

  it('never fetches a link that resolves to a private or loopback address, whatever its scheme', async () => {
    replay.reset();
    for (const address of [
      `${replay.url.replace('127.0.0.1', 'localhost')}/x.pdf`,
      'https://127.0.0.1:1/x.pdf',
      'http://[::1]:1/x.pdf',
    ])
      await expect(
        downloadFile(address, {
          accept: ['application/pdf'],
          trustedOrigins: [],
          httpHosts: ['localhost', '127.0.0.1', '::1'],
          timeoutMs: 3000,
        }),
        address,
      ).rejects.toMatchObject({ reason: 'address' });
    expect(replay.requests).toEqual([]);
  });
});

describe('a per-part search end to end, replayed', () => {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const name of ['DIGIKEY_API_URL', 'MOUSER_API_URL']) saved[name] = process.env[name];
    process.env.DIGIKEY_API_URL = replay.url;
    process.env.MOUSER_API_URL = replay.url;
    resetConfig();
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfig();
  });

  /** The recorded answer with its file addresses pointed at the replay (paths kept). */
  const withReplayedFiles = (name: string): Fixture => {
    const recorded = fixture(name);
    const text = JSON.stringify(recorded.body).replace(
      /https:\/\/www\.mouser\.com\/(images|datasheet)\//g,
      `${replay.url}/www.mouser.com/$1/`,
    );
    return { ...recorded, body: JSON.parse(text) as unknown };
  };

  const createPart = async (fields: Partial<ComponentData>) => {
    const [component] = await createComponents(
      [{ reference: 'X', class: 'Semiconductor', manufacturer: null, dataSheet: null, ...fields } as ComponentData],
      { username: 'test' },
    );
    return component!;
  };

  it('stores the recorded product’s package picture for review and reports the blocked datasheet', async () => {
    replay.reset();
    replay.queue(MOUSER_PART, withReplayedFiles('mouser-partnumber-863-BAT54SLT1G'));
    replay.serveFile('https://www.mouser.com/images/mouserelectronics/images/SOT_23_3_t.jpg', {
      source: 'a photo in place of the recorded JPEG (its bytes are not recorded)',
      status: 200,
      headers: { 'content-type': 'image/jpeg' },
      body: productPhoto('mouser', 'SOT_23_3_t'),
    });
    replay.serveFile(
      'https://www.mouser.com/datasheet/2/308/BAT54SLT1_D-2309936.pdf',
      fixture('mouser-403-bot-protection'),
    );
    const user = await signedInClient(api, 'user');
    const part = await createPart({ reference: '863-BAT54SLT1G', manufacturer: 'ON Semiconductor' });
    const answer = await user.post<PartSearchResponse>(`/api/components/${part.id}/search-mouser`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      result: {
        imageFound: true,
        datasheetFound: false,
        confidence: 1,
        productUrl: 'https://www.mouser.com/ProductDetail/onsemi/BAT54SLT1G?qs=vLkC5FC1VN9oCh8qaBIZiQ%3D%3D',
        manufacturerPartNumber: 'BAT54SLT1G',
        approved: false,
      },
    });
    const [photo, ...rest] = await listAttachments(part.id);
    expect(rest).toEqual([]);
    // Confidence 1, but a package picture: it waits in the approval queue.
    expect(photo).toMatchObject({
      isApproved: false,
      imageSource: 'mouser',
      sourceConfidence: 1,
      fileType: 'image/png',
    });
    expect(photo!.requestId).toEqual(expect.any(String));
  });

  it('answers the daily-limit 429 in words with Retry-After, and asks Digi-Key no more', async () => {
    replay.reset();
    replay.queue(KEYWORD, fixture('digikey-429-daily-limit'));
    const user = await signedInClient(api, 'user');
    const part = await createPart({
      reference: 'PT 2,5-QUATTRO',
      articleNumber: '3209590',
      manufacturer: 'Phoenix Contact',
    });
    const first = await user.post<{ message: string }>(`/api/components/${part.id}/search-digikey`);
    expect(first.status).toBe(503);
    expect(first.body.message).toMatch(
      /^Digi-Key has reached its daily request limit for Component Hub\. Digi-Key searches resume at \d\d:\d\d UTC\.$/,
    );
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(28_000);
    const second = await user.post<{ message: string }>(`/api/components/${part.id}/search-digikey`);
    expect(second).toMatchObject({ status: 503, body: { message: first.body.message } });
    expect(replay.callsTo('/products/v4/search/keyword')).toBe(1);
    expect(stack.tableName).toBeTruthy();
  });
});
