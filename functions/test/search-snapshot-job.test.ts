import { describe, expect, it } from 'vitest';
import type { ComponentData } from '#shared/schemas/component';
import { readCatalogueRevision } from '#repositories/catalogue';
import { createComponents } from '#repositories/components';
import { CatalogueSearch } from '#services/search/catalogue-search';
import { decodeSnapshot, s3SnapshotStore } from '#services/search/snapshot';
import { useTestStack } from '../../scripts/test/stack';
import { useFaultProxies } from './support';

/*
 * The search snapshot job while DynamoDB stops: it is suspended the moment the job records the
 * snapshot it has just stored in S3. The run fails within its time (deployed timeouts), searches
 * still answer from the change log, and once DynamoDB continues the next run leaves the stored
 * snapshot and its record in agreement with the catalogue.
 */
const stack = useTestStack();
const { dynamodb } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });

const part = (reference: string): ComponentData => ({ reference, class: 'Relay' }) as ComponentData;

describe('the search snapshot job when DynamoDB is paused while it records a snapshot', () => {
  it('fails the run, keeps searches right, and the next run leaves snapshot and record in agreement', async () => {
    const tag = `SJF${Date.now().toString(36).toUpperCase()}`;
    await createComponents([part(`${tag}-1`), part(`${tag}-2`)], { username: 'test' });
    const job = new CatalogueSearch();

    const suspended = dynamodb.pause('snapshotRevision');
    const run = job.refreshSnapshot();
    await suspended;
    await expect(run).rejects.toBeDefined();
    await dynamodb.resume();

    // A search instance meanwhile: whatever the record says, it answers from the change log.
    const cold = new CatalogueSearch();
    expect((await cold.current()).search({ query: tag, offset: 0, limit: 10 }).total).toBe(2);

    await createComponents([part(`${tag}-3`)], { username: 'test' });
    const next = await job.refreshSnapshot();
    const catalogue = await readCatalogueRevision();
    expect(next.outcome).toBe('written');
    expect(next.revision).toBe(catalogue.revision);
    expect(catalogue.snapshot?.revision).toBe(catalogue.revision);
    expect(decodeSnapshot((await s3SnapshotStore.read())!).revision).toBe(catalogue.revision);
    const fresh = new CatalogueSearch();
    expect((await fresh.current()).search({ query: tag, offset: 0, limit: 10 }).total).toBe(3);
    expect(fresh.lastLoad).toMatchObject({ source: 'snapshot', revision: catalogue.revision });
  });
});
