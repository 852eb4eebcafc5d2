import { GetObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3 } from '#lib/clients';
import { config } from '#lib/config';
import { getAllComponents } from '#repositories/components';
import { getSeedState } from '#repositories/seeds';
import { listVersions } from '#repositories/versions';
import { generateDemoCatalogue } from '../../scripts/seed/demo-catalogue';
import { seedCatalogue } from '../../scripts/seed/seed-catalogue';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { signedInClient, useFaultProxies } from './support';

/*
 * `npm start` seeds the demo catalogue on the first start. Here DynamoDB stops answering while
 * the seed is under way (as a busy machine's timeouts or Ctrl-C would cut it short): the next
 * start completes it, every part once under the ids reserved for it, found by search.
 */
const stack = useTestStack();
const api = useTestApi();
// Down means refused at once: no need to wait out the local stack's long timeouts.
const { dynamodb } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

const COUNT = 250;
const SEED = 3;

describe('the demo catalogue seed', () => {
  it('cut short midway, is completed by the next start: every part once, searchable, then never again', async () => {
    const progress: number[] = [];
    const failure = await seedCatalogue({
      count: COUNT,
      seed: SEED,
      onProgress: (written) => {
        progress.push(written);
        if (written >= 100) dynamodb.set('down');
      },
    }).catch((error: unknown) => error);
    dynamodb.set('up');
    expect(failure).toBeInstanceOf(Error);

    // Midway: the seed is claimed with its ids, and only part of the catalogue is there.
    const claimed = await getSeedState('catalogue');
    expect(claimed).toMatchObject({ status: 'seeding', count: COUNT, seed: SEED, firstId: 1 });
    const before = await getAllComponents({ fields: ['reference'] });
    expect(before.length).toBeGreaterThanOrEqual(100);
    expect(before.length).toBeLessThan(COUNT);
    expect(progress[0]).toBe(0);

    // The next start: no options, it resumes what was claimed.
    const resumed = await seedCatalogue();
    expect(resumed).toEqual({ created: COUNT - before.length, resumed: true });

    const all = await getAllComponents();
    const expected = [...generateDemoCatalogue(COUNT, SEED)].map((part) => part.fields.reference);
    expect(all.map((component) => component.id)).toEqual(Array.from({ length: COUNT }, (_, index) => index + 1));
    expect(all.map((component) => component.reference)).toEqual(expected);
    // Every part has its creation in its history and, when it has one, its datasheet.
    const last = all.at(-1)!;
    expect((await listVersions(last.id)).map((version) => version.versionNumber)).toEqual([1]);
    const withDatasheet = all.filter((component) => component.dataSheet).at(-1)!;
    const file = await s3().send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: withDatasheet.dataSheet! }));
    expect((await file.Body!.transformToString()).startsWith('%PDF-')).toBe(true);

    // Search counts the whole catalogue.
    const user = await signedInClient(api, 'user');
    const page = await user.get(`/api/components?limit=1&offset=0`);
    expect(page.status).toBe(200);
    expect(Number(page.headers.get('x-total-count'))).toBe(COUNT);

    expect(await getSeedState('catalogue')).toMatchObject({ status: 'complete' });
    expect(await seedCatalogue()).toEqual({ created: 0, resumed: false });
    expect(await getAllComponents({ fields: ['id'] })).toHaveLength(COUNT);
  });
});
