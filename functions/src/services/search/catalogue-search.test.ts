import { describe, expect, it } from 'vitest';
import { componentFields, type Component, type ComponentData } from '#shared/schemas/component';
import { readCatalogueChanges, readCatalogueRevision } from '#repositories/catalogue';
import { createComponents, deleteComponent, getComponent, updateComponent } from '#repositories/components';
import { useTestStack } from '../../../../scripts/test/stack';
import { writeDemoCatalogue } from '../../../../scripts/seed/seed-catalogue';
import { CatalogueSearch, CatalogueSummary } from './catalogue-search';
import type { SummaryIndex } from './catalogue-summary';
import type { IndexQuery, SearchIndex } from './search-index';
import { s3SnapshotStore, type SnapshotStore } from './snapshot';

useTestStack();

const blank = (): ComponentData =>
  Object.fromEntries(componentFields.map((field) => [field, null])) as unknown as ComponentData;
const part = (reference: string, fields: Partial<ComponentData> = {}): ComponentData => ({
  ...blank(),
  class: 'Relay',
  reference,
  ...fields,
});
const find = async (search: CatalogueSearch, query: Partial<IndexQuery>) =>
  (await search.current()).search({ offset: 0, limit: 100, ...query });

/** The S3 store, counting what a cold instance reads from it. */
const countingStore = () => {
  const calls = { reads: 0, writes: 0 };
  const store: SnapshotStore = {
    read: () => {
      calls.reads++;
      return s3SnapshotStore.read();
    },
    write: (bytes) => {
      calls.writes++;
      return s3SnapshotStore.write(bytes);
    },
  };
  return { store, calls };
};

describe('catalogue search freshness', () => {
  it('shows a component written through the repository in the next search of an already warm instance', async () => {
    const warm = new CatalogueSearch();
    await createComponents([part('WARM-1', { manufacturer: 'Siemens' })], { username: 'test' });
    expect((await find(warm, { query: 'warm-' })).total).toBe(1);

    // Created, edited and deleted after the instance warmed up: each seen by the very next search.
    const [added] = await createComponents([part('WARM-2', { manufacturer: 'ABB', voltage: 24 })], {
      username: 'test',
    });
    expect(await find(warm, { query: 'warm-' })).toMatchObject({ total: 2 });
    expect((await find(warm, { numbers: { voltage: { min: 24, max: 24 } }, query: 'warm' })).ids).toEqual([added!.id]);

    const current = (await getComponent(added!.id))!;
    await updateComponent(
      current.id,
      { reference: 'WARM-2-RENAMED', voltage: 230 },
      { expectedVersion: 1, updatedAt: new Date().toISOString() },
    );
    expect((await find(warm, { query: 'renamed' })).ids).toEqual([added!.id]);
    expect((await find(warm, { numbers: { voltage: { min: 24, max: 24 } }, query: 'warm' })).ids).toEqual([]);

    await deleteComponent(added!.id);
    expect((await find(warm, { query: 'warm-2' })).total).toBe(0);
    expect(warm.indexRevision).toBe((await readCatalogueRevision()).revision);
  });

  it('starts a cold instance from the S3 snapshot and catches up on changes made after it', async () => {
    await createComponents([part('SNAP-BEFORE-1'), part('SNAP-BEFORE-2')], { username: 'test' });
    const writer = new CatalogueSearch();
    await writer.writeSnapshot();
    const { snapshot } = await readCatalogueRevision();
    expect(snapshot?.revision).toBe(writer.indexRevision);

    const [after] = await createComponents([part('SNAP-AFTER')], { username: 'test' });
    await deleteComponent((await find(writer, { query: 'snap-before-2' })).ids[0]!);

    const { store, calls } = countingStore();
    const cold = new CatalogueSearch({ store });
    const found = await find(cold, { query: 'snap-' });
    expect(cold.lastLoad).toMatchObject({ source: 'snapshot', revision: snapshot!.revision });
    expect(calls.reads).toBe(1);
    expect(found.total).toBe(2);
    expect(found.ids).toContain(after!.id);
    expect(cold.indexRevision).toBe((await readCatalogueRevision()).revision);
    // Warm now: later searches read no snapshot again.
    await find(cold, { query: 'snap-' });
    expect(calls.reads).toBe(1);
  });

  it('reads the table when there is no snapshot, with the same answers', async () => {
    const empty: SnapshotStore = { read: async () => undefined, write: async () => undefined };
    const fromTable = new CatalogueSearch({ store: empty });
    const fromSnapshot = new CatalogueSearch();
    const all = { limit: 1000 };
    expect(await find(fromTable, all)).toEqual(await find(fromSnapshot, all));
    expect(fromTable.lastLoad?.source).toBe('table');
    expect(fromSnapshot.lastLoad?.source).toBe('snapshot');
  });

  it('reads the table when the snapshot cannot be read or decoded', async () => {
    const broken: SnapshotStore = { read: async () => new Uint8Array([1, 2, 3]), write: async () => undefined };
    const failing: SnapshotStore = {
      read: () => Promise.reject(new Error('S3 unreachable')),
      write: async () => undefined,
    };
    for (const store of [broken, failing]) {
      const instance = new CatalogueSearch({ store });
      expect((await find(instance, { query: 'snap-after' })).total).toBe(1);
      expect(instance.lastLoad?.source).toBe('table');
    }
  });

  it('never writes a snapshot while searching; the snapshot job writes one when the stored one is behind', async () => {
    const { store, calls } = countingStore();
    const job = new CatalogueSearch({ store });
    await job.refreshSnapshot();
    const writesBefore = calls.writes;
    expect(await job.refreshSnapshot()).toMatchObject({ outcome: 'current' });
    expect(calls.writes).toBe(writesBefore);

    await createComponents([part('STALE-1'), part('STALE-2')], { username: 'test' });
    // A search instance far behind the stored snapshot catches up in memory and writes nothing.
    const searcher = new CatalogueSearch({ store });
    for (let round = 0; round < 3; round++) expect((await find(searcher, { query: 'stale-' })).total).toBe(2);
    expect(calls.writes).toBe(writesBefore);

    const run = await job.refreshSnapshot();
    expect(run).toMatchObject({ outcome: 'written', revision: (await readCatalogueRevision()).revision });
    expect(calls.writes).toBe(writesBefore + 1);
    expect((await readCatalogueRevision()).snapshot?.revision).toBe(run.revision);
    expect(await job.refreshSnapshot()).toMatchObject({ outcome: 'current' });
    expect(calls.writes).toBe(writesBefore + 1);

    const cold = new CatalogueSearch();
    expect((await find(cold, { query: 'stale-' })).total).toBe(2);
    expect(cold.lastLoad).toMatchObject({ source: 'snapshot', revision: run.revision });
  });

  it('lets one of two snapshot jobs running at once write, and the other leave it', async () => {
    await createComponents([part('TWO-JOBS')], { username: 'test' });
    const { store, calls } = countingStore();
    const runs = await Promise.all([
      new CatalogueSearch({ store }).refreshSnapshot(),
      new CatalogueSearch({ store }).refreshSnapshot(),
    ]);
    const revision = (await readCatalogueRevision()).revision;
    expect(runs.filter((run) => run.outcome === 'written')).toHaveLength(1);
    expect(calls.writes).toBe(1);
    expect((await readCatalogueRevision()).snapshot?.revision).toBe(revision);
    const cold = new CatalogueSearch();
    expect((await find(cold, { query: 'two-jobs' })).total).toBe(1);
    expect(cold.lastLoad).toMatchObject({ source: 'snapshot', revision });
  });

  it('answers the counting routes from the catalogue summary as the search index does, from its file and after catching up', async () => {
    const tag = `SUM${Date.now().toString(36).toUpperCase()}`;
    const made = await createComponents(
      [
        part(`${tag}-1`, {
          class: `${tag} Relay`,
          manufacturer: 'Finder',
          series: '40',
          type: 'Coupling',
          dataSheet: 'files/a.pdf',
        }),
        part(`${tag}-2`, {
          class: `${tag} Relay`,
          manufacturer: 'finder ',
          series: '40',
          type: 'Socket',
          lifecycle: 'obsolete',
        }),
        part(`${tag}-3`, {
          class: `${tag} Fuse`,
          manufacturer: 'Eaton',
          series: '41',
          type: 'Coupling',
          dataSheet: 'files/b.pdf',
        }),
      ],
      { username: 'test' },
    );
    const writer = new CatalogueSearch();
    await writer.writeSnapshot();
    const summary = new CatalogueSummary();
    const sameAnswers = async () => {
      const [index, counted] = await Promise.all([new CatalogueSearch().current(), summary.current()]);
      const answersOf = (from: SearchIndex | SummaryIndex) => ({
        stats: from.stats(),
        size: from.size,
        classes: from.distinct('class'),
        manufacturers: from.distinct('manufacturer'),
        types: from.distinct('type'),
        classCounts: from.valueCounts('class').sort((a, b) => a.value.localeCompare(b.value)),
        classOf: new Map(from.fieldValues('class').map(({ id, value }) => [id, value])),
        related: made.map((source) => new Set(from.related(source, 3))),
      });
      expect(answersOf(counted)).toEqual(answersOf(index));
      return answersOf(counted);
    };
    const before = await sameAnswers();
    expect(summary.lastLoad).toMatchObject({ source: 'snapshot' });
    expect(before.classes).toEqual(expect.arrayContaining([`${tag} Fuse`, `${tag} Relay`]));

    // Changed after the file was written: the summary catches up in memory, as the index does.
    const second = (await getComponent(made[1]!.id))!;
    await updateComponent(
      second.id,
      { class: `${tag} Socket`, dataSheet: 'files/c.pdf' },
      { expectedVersion: 1, updatedAt: new Date().toISOString() },
    );
    await deleteComponent(made[2]!.id);
    const loadsBefore = summary.lastLoad;
    const after = await sameAnswers();
    expect(summary.lastLoad).toBe(loadsBefore);
    expect(after.classes).toContain(`${tag} Socket`);
    expect(after.classes).not.toContain(`${tag} Fuse`);
    expect(after.stats.withDatasheets).toBe(before.stats.withDatasheets);
  });

  it('gives concurrent writers contiguous revisions, each logged with its component', async () => {
    const start = (await readCatalogueRevision()).revision;
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createComponents([part(`RACE-${i}`)], { username: 'test' })),
    );
    const changes = await readCatalogueChanges(start);
    expect(changes.map((change) => change.revision)).toEqual(Array.from({ length: 12 }, (_, i) => start + i + 1));
    expect(changes.flatMap((change) => change.componentIds).sort((a, b) => a - b)).toEqual(
      made
        .flat()
        .map((c: Component) => c.id)
        .sort((a, b) => a - b),
    );
    expect((await find(new CatalogueSearch(), { query: 'race-' })).total).toBe(12);
  });

  it('refuses an edit made against an older version, and leaves the revision alone', async () => {
    const [component] = await createComponents([part('VERSIONED')], { username: 'test' });
    const revision = (await readCatalogueRevision()).revision;
    await expect(
      updateComponent(
        component!.id,
        { reference: 'LOST-UPDATE' },
        { expectedVersion: 2, updatedAt: component!.updatedAt },
      ),
    ).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    expect((await readCatalogueRevision()).revision).toBe(revision);
  });

  it('serves a generated catalogue: deterministic parts, searchable by maker numbering', async () => {
    const before = (await find(new CatalogueSearch(), {})).total;
    await writeDemoCatalogue({ count: 250, seed: 7, files: false });
    const search = new CatalogueSearch();
    expect((await find(search, {})).total).toBe(before + 250);
    expect(search.lastLoad?.source).toBe('snapshot');
    const siemens = await find(search, { text: { manufacturer: 'siemens' }, limit: 0 });
    const contactors = await find(search, { query: '3RT20', limit: 0 });
    expect(siemens.total).toBeGreaterThan(10);
    expect(contactors.total).toBeGreaterThan(0);
    expect(contactors.total).toBeLessThanOrEqual(siemens.total);
  });
});
