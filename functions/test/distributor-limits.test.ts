import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { PartSearchResponse } from '#shared/schemas/distributors';
import type { ImageBatchResponse, ImageStats, StartImageBatchResponse } from '#shared/schemas/images';
import { resetConfig } from '#lib/config';
import { listAttachments } from '#repositories/attachments';
import { readRateWindow } from '#repositories/rate-limits';
import { SearchAllowanceSpent } from '#services/distributors/errors';
import { windowOf } from '#services/distributors/rate-limiter';
import { takeSearchAllowance } from '#services/distributors/search-allowance';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi, type TestClient } from '../../scripts/test/api-client';
import { emulatorControl } from '../../scripts/local/distributor-emulator';
import { fixture, startReplay } from './distributor-replay';
import { createListedParts, signedInClient, uniqueClass, useFaultProxies } from './support';

/*
 * The distributors' limits and the product's own: a person's allowance of per-part searches
 * (also under parallel callers, and DynamoDB failing mid-request), the share of the day budget
 * kept for administrators' batches, and the distributors' daily limits recognised from their
 * answers: a Smart Search batch under Digi-Key's goes on with Mouser and says why, a Mouser-only
 * batch stops at once, and the dashboard and the per-part search say so in words.
 */
const stack = useTestStack();
const api = useTestApi();
const emulator = emulatorControl(stack.distributors.url, stack.distributors.tenant);
const DAILY =
  /^Digi-Key has reached its daily request limit for Component Hub\. Digi-Key searches resume at \d\d:\d\d UTC\.$/;

const { dynamodb: dynamo } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'local' });

/** Runs `work` with these settings, then puts the environment back. */
const withSettings = async <T>(settings: Record<string, string | undefined>, work: () => Promise<T>): Promise<T> => {
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfig();
  };
  apply(settings);
  try {
    return await work();
  } finally {
    apply(saved);
  }
};

const signedIn = (role: 'user' | 'admin'): Promise<TestClient> => signedInClient(api, role);

const search = (client: TestClient, id: number, provider: 'digikey' | 'mouser') =>
  client.post<PartSearchResponse & { message?: string }>(`/api/components/${id}/search-${provider}`);

const finished = async (admin: TestClient) => {
  await stack.stepFunctions().settled();
  return (await admin.get<ImageBatchResponse>('/api/admin/image-batch')).body.batch!;
};

const calls = async (endpoint: string) => (await emulator.stats()).calls[endpoint] ?? 0;

// First: it counts Digi-Key calls from zero in this file's table.
describe("the share of a distributor's day kept for administrators' batches", () => {
  it(
    'stops per-part searches at their share and still runs an image batch on the rest',
    { timeout: 120_000 },
    async () => {
      await withSettings({ DIGIKEY_CALLS_PER_DAY: '4', DISTRIBUTOR_BATCH_RESERVE_PERCENT: '50' }, async () => {
        const user = await signedIn('user');
        const admin = await signedIn('admin');
        const [first, second, third] = await createListedParts(['XB5BD42', 'TM3DQ8RG', 'DT04-3P']);
        expect((await search(user, first!.id, 'digikey')).body).toMatchObject({ success: true });
        expect((await search(user, second!.id, 'digikey')).body).toMatchObject({ success: true });
        expect(await search(user, third!.id, 'digikey')).toMatchObject({
          status: 503,
          body: { message: messages.distributorSearchShareSpent('Digi-Key', 2, 2) },
        });
        const stats = (await admin.get<ImageStats>('/api/admin/image-stats')).body;
        expect(stats.distributors.find((status) => status.provider === 'digikey')).toMatchObject({
          state: 'search-share-spent',
          usedToday: 2,
          dailyLimit: 4,
          searchShare: 2,
          message: messages.distributorSearchShareSpent('Digi-Key', 2, 2),
        });

        const componentClass = uniqueClass('Reserve');
        await createListedParts(['PKZM0-10-C', 'PKZM0-25'], componentClass);
        await admin.post<StartImageBatchResponse>('/api/admin/process-images', { componentClass });
        expect(await finished(admin)).toMatchObject({ status: 'completed', processed: 2, success: 2, message: null });
      });
    },
  );
});

describe("one person's allowance of per-part searches", () => {
  it('stops a person at the day allowance with a 429 in words, while others still search', async () => {
    await withSettings({ DISTRIBUTOR_USER_SEARCHES_PER_DAY: '3' }, async () => {
      const [part] = await createListedParts(['3RT2024-3AL21']);
      const busy = await signedIn('user');
      for (let n = 0; n < 3; n++) expect((await search(busy, part!.id, 'mouser')).status).toBe(200);
      const refused = await search(busy, part!.id, 'mouser');
      expect(refused).toMatchObject({ status: 429, body: { message: messages.searchAllowanceDay(3) } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await search(await signedIn('user'), part!.id, 'mouser')).status).toBe(200);

      // A search that never reached a distributor (not set up) is given back.
      const other = await signedIn('user');
      await withSettings({ MOUSER_API_KEY: ' ' }, async () => {
        for (let n = 0; n < 4; n++)
          expect(await search(other, part!.id, 'mouser')).toMatchObject({
            status: 503,
            body: { message: messages.distributorNotConfigured('Mouser') },
          });
      });
      for (let n = 0; n < 3; n++) expect((await search(other, part!.id, 'mouser')).status).toBe(200);
    });
  });

  it('never gives parallel searches of one person more than the minute or the day allows', async () => {
    const at = Date.UTC(2032, 0, 4, 10, 30, 20);
    const clock = () => at;
    const minuteOutcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => takeSearchAllowance('race-minute', { perMinute: 5, perDay: 100 }, clock)),
    );
    expect(minuteOutcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refused = minuteOutcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(refused).toHaveLength(15);
    for (const error of refused) {
      expect(error).toBeInstanceOf(SearchAllowanceSpent);
      expect(error).toMatchObject({
        statusCode: 429,
        // The sliding window has room again one second into the next minute.
        message: messages.searchAllowanceMinute(5, 41),
        headers: { 'retry-after': '41' },
      });
    }

    const dayOutcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => takeSearchAllowance('race-day', { perMinute: 100, perDay: 4 }, clock)),
    );
    expect(dayOutcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(4);
    const seconds = Math.floor(at / 1000);
    expect(await readRateWindow(windowOf('search:race-day', 86_400, seconds))).toBe(4);
    // The minute slots of the refused searches were given back.
    expect(await readRateWindow(windowOf('search:race-day', 60, seconds))).toBe(4);
  });

  it('counts nothing when DynamoDB is down, and counts again once it is back', async () => {
    const at = Date.UTC(2032, 0, 5, 8, 0, 10);
    dynamo.set('down');
    try {
      await expect(takeSearchAllowance('fault-user', { perMinute: 5, perDay: 10 }, () => at)).rejects.toMatchObject({
        $metadata: expect.anything(),
      });
    } finally {
      dynamo.set('up');
    }
    const seconds = Math.floor(at / 1000);
    expect(await readRateWindow(windowOf('search:fault-user', 60, seconds))).toBe(0);
    expect(await readRateWindow(windowOf('search:fault-user', 86_400, seconds))).toBe(0);
    await takeSearchAllowance('fault-user', { perMinute: 5, perDay: 10 }, () => at);
    expect(await readRateWindow(windowOf('search:fault-user', 86_400, seconds))).toBe(1);
  });

  it("still says the distributor's daily limit in words when DynamoDB stops while the answer comes", async () => {
    const replay = await startReplay();
    try {
      await withSettings({ DIGIKEY_API_URL: replay.url }, async () => {
        replay.queue('POST /products/v4/search/keyword', () => {
          // DynamoDB goes away between the distributor's call and its answer.
          dynamo.set('down');
          return fixture('digikey-429-daily-limit');
        });
        const [part] = await createListedParts(['3RT2024-3AL21']);
        const user = await signedIn('user');
        let first;
        try {
          first = await search(user, part!.id, 'digikey');
        } finally {
          dynamo.set('up');
        }
        expect(first.status).toBe(503);
        expect(first.body.message).toMatch(DAILY);
        // Not recorded in the table (it was down), but this instance remembers: no second call.
        const second = await search(user, part!.id, 'digikey');
        expect(second).toMatchObject({ status: 503, body: { message: first.body.message } });
        expect(replay.callsTo('/products/v4/search/keyword')).toBe(1);
        expect(await listAttachments(part!.id)).toEqual([]);
      });
    } finally {
      await replay.stop();
    }
  });
});

// Last: the daily limits they meet stay for the rest of the day in this file's table.
describe("the distributors' daily limits", () => {
  it(
    'lets a Smart Search batch under a Digi-Key daily limit find every part Mouser has, and says why Digi-Key stopped',
    { timeout: 180_000 },
    async () => {
      const admin = await signedIn('admin');
      const componentClass = uniqueClass('Smart daily');
      const mpns = [
        'PKZM0-10-C',
        'PKZM0-32-T',
        'PKZM0-12-T',
        'PKZM0-2,5-T',
        'PKZM0-6,3-T',
        'PKZM0-25',
        'XB5BD42',
        'DT04-3P',
      ];
      const parts = await createListedParts(mpns, componentClass);
      await emulator.fault({ kind: 'daily-limit', provider: 'digikey', endpoint: 'search', times: 100 });
      const digikeyBefore = await calls('digikey:search');

      const started = await admin.post<StartImageBatchResponse>('/api/admin/unified/batch-retrieve-images', {
        componentClass,
      });
      expect(started.body.componentsToProcess).toBe(mpns.length);
      const batch = await finished(admin);
      expect(batch).toMatchObject({
        status: 'completed',
        processed: mpns.length,
        success: mpns.length,
        failed: 0,
        sources: { digikey: 0, mouser: mpns.length },
      });
      const reason = /^Digi-Key stopped: (.+) Mouser was asked for every remaining part\.$/.exec(
        batch.message ?? '',
      )?.[1];
      expect(reason, batch.message ?? '').toMatch(DAILY);
      // Digi-Key was asked only by the parts already in flight when its answer came (the Map runs two at a
      // time; one more may have taken its slot while the stop was being written), never again afterwards.
      const asked = (await calls('digikey:search')) - digikeyBefore;
      expect(asked).toBeGreaterThanOrEqual(1);
      expect(asked).toBeLessThanOrEqual(3);
      for (const part of parts)
        expect(
          (await listAttachments(part.id)).map((attachment) => attachment.imageSource),
          part.reference,
        ).toContain('mouser');

      // The dashboard and a per-part search say the same, in words.
      const stats = (await admin.get<ImageStats>('/api/admin/image-stats')).body;
      const digikey = stats.distributors.find((status) => status.provider === 'digikey')!;
      expect(digikey).toMatchObject({ state: 'daily-limit', message: reason });
      expect(Date.parse(digikey.resumesAt!)).toBeGreaterThan(Date.now() + 28_000_000);
      const user = await signedIn('user');
      const perPart = await search(user, parts[0]!.id, 'digikey');
      expect(perPart).toMatchObject({ status: 503, body: { message: reason } });
      expect((await calls('digikey:search')) - digikeyBefore).toBe(asked);
    },
  );

  it('stops a Mouser batch at its first TooManyRequests answer and says so', { timeout: 120_000 }, async () => {
    const admin = await signedIn('admin');
    const componentClass = uniqueClass('Mouser daily');
    const parts = await createListedParts(['3RT2024-3AL21', 'XB5BD42', 'TM3DQ8RG', 'DT04-3P'], componentClass);
    await emulator.fault({ kind: 'daily-limit', provider: 'mouser', times: 100 });
    const before = (await calls('mouser:partnumber')) + (await calls('mouser:keyword'));
    await admin.post<StartImageBatchResponse>('/api/admin/mouser/batch-retrieve-images', { componentClass });
    const batch = await finished(admin);
    const stop = messages.distributorDailyLimit('Mouser', '00:00');
    expect(batch).toMatchObject({
      status: 'completed',
      processed: 0,
      message: messages.imageBatchStopped(stop, 4),
    });
    expect((await calls('mouser:partnumber')) + (await calls('mouser:keyword')) - before).toBe(1);

    const user = await signedIn('user');
    expect(await search(user, parts[0]!.id, 'mouser')).toMatchObject({ status: 503, body: { message: stop } });
    const stats = (await admin.get<ImageStats>('/api/admin/image-stats')).body;
    expect(stats.distributors.find((status) => status.provider === 'mouser')).toMatchObject({
      state: 'daily-limit',
      message: stop,
    });
  });
});
