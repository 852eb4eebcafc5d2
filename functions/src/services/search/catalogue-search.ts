import { randomUUID } from 'node:crypto';
import { logger } from '#lib/logger';
import {
  acquireSnapshotLease,
  readCatalogueChanges,
  readCatalogueRevision,
  recordSnapshot,
  releaseSnapshotLease,
  type CatalogueRevision,
} from '#repositories/catalogue';
import { getAllComponents, getComponents } from '#repositories/components';
import { SearchIndex } from './search-index';
import { decodeSnapshot, encodeSnapshot, s3SnapshotStore, type SnapshotStore } from './snapshot';

/*
 * Keeps one instance's search index in step with the catalogue:
 * - every request reads the catalogue-revision item once (a consistent read), and nothing
 *   more when the index is current: the index holds whole components;
 * - when the catalogue is ahead, the change log names the components changed since this
 *   instance's revision; they are read (consistently) and applied, deletions included;
 * - a cold instance loads the S3 snapshot and catches up from the snapshot's revision; with
 *   no usable snapshot it reads every component from the table;
 * - the instance that finds the snapshot stale (SNAPSHOT_AFTER_CHANGES component changes
 *   behind, or older than SNAPSHOT_MAX_AGE_MS and behind at all) writes a new one, one writer at
 *   a time through a lease.
 * So a change committed before a search starts is in that search's answer, on any instance.
 */

export type IndexSource = 'snapshot' | 'table' | 'empty';

export interface LoadReport {
  source: IndexSource;
  milliseconds: number;
  documents: number;
  revision: number;
}

export interface CatalogueSearchOptions {
  store?: SnapshotStore;
  snapshotAfterChanges?: number;
  snapshotMaxAgeMs?: number;
}

export const SNAPSHOT_AFTER_CHANGES = 100;
export const SNAPSHOT_MAX_AGE_MS = 60 * 60 * 1000;
const SNAPSHOT_LEASE_SECONDS = 60;

export class CatalogueSearch {
  private index: SearchIndex | undefined;
  private revision = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly store: SnapshotStore;
  private readonly snapshotAfterChanges: number;
  private readonly snapshotMaxAgeMs: number;
  /** How the index was last loaded from scratch (the benchmark and tests read it). */
  lastLoad: LoadReport | undefined;

  constructor(options: CatalogueSearchOptions = {}) {
    this.store = options.store ?? s3SnapshotStore;
    this.snapshotAfterChanges = options.snapshotAfterChanges ?? SNAPSHOT_AFTER_CHANGES;
    this.snapshotMaxAgeMs = options.snapshotMaxAgeMs ?? SNAPSHOT_MAX_AGE_MS;
  }

  /** The catalogue revision this instance's index reflects. */
  get indexRevision(): number {
    return this.revision;
  }

  /** The index as it stands, without checking the catalogue (undefined before the first load). */
  get loadedIndex(): SearchIndex | undefined {
    return this.index;
  }

  /**
   * The index, brought up to the catalogue's current revision. Only the functions allowed to
   * write the bucket pass `mayWriteSnapshot`.
   */
  current(options: { mayWriteSnapshot?: boolean } = {}): Promise<SearchIndex> {
    // One refresh at a time per instance (the local server runs requests concurrently).
    const run = this.queue.then(() => this.refresh(options.mayWriteSnapshot ?? false));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Writes a snapshot of the current index now, whatever the stored one holds (seeding). */
  async writeSnapshot(): Promise<void> {
    await this.current();
    const catalogue = await readCatalogueRevision();
    await this.saveSnapshot(catalogue);
  }

  private async refresh(mayWriteSnapshot: boolean): Promise<SearchIndex> {
    const catalogue = await readCatalogueRevision();
    if (!this.index) await this.load(catalogue);
    if (this.revision < catalogue.revision) await this.catchUp(catalogue);
    if (mayWriteSnapshot && this.snapshotIsStale(catalogue)) await this.writeSnapshotUnderLease(catalogue);
    return this.index!;
  }

  private async load(catalogue: CatalogueRevision): Promise<void> {
    const started = performance.now();
    const snapshot = await this.readSnapshot();
    // A snapshot ahead of the table belongs to another catalogue (a table recreated beside an
    // old bucket): it cannot be caught up, so the table is read instead.
    if (snapshot && snapshot.revision <= catalogue.revision) {
      this.index = SearchIndex.fromColumns(snapshot.columns);
      this.revision = snapshot.revision;
      this.report('snapshot', started);
    } else if (catalogue.revision === 0) {
      this.index = SearchIndex.build([]);
      this.revision = 0;
      this.report('empty', started);
    } else {
      await this.loadFromTable(catalogue, started);
    }
  }

  /** The stored snapshot; none when it is missing, unreadable or of an unknown format (the table is read instead). */
  private async readSnapshot() {
    try {
      const bytes = await this.store.read();
      return bytes ? decodeSnapshot(bytes) : undefined;
    } catch (error) {
      logger.warn('search snapshot unusable; reading the table', { error: error as Error });
      return undefined;
    }
  }

  private async loadFromTable(catalogue: CatalogueRevision, started = performance.now()): Promise<void> {
    // The revision was read before the components: whatever changes during the read is
    // logged after it and applied on the next refresh.
    const components = await getAllComponents();
    this.index = SearchIndex.build(components, components.length);
    this.revision = catalogue.revision;
    this.report('table', started);
  }

  private report(source: IndexSource, started: number): void {
    this.lastLoad = {
      source,
      milliseconds: performance.now() - started,
      documents: this.index!.size,
      revision: this.revision,
    };
    logger.info('search index loaded', { ...this.lastLoad });
  }

  private async catchUp(catalogue: CatalogueRevision): Promise<void> {
    const changes = await readCatalogueChanges(this.revision);
    const changedIds = new Set<number>();
    let reached = this.revision;
    for (const change of changes) {
      if (change.revision !== reached + 1) break;
      for (const id of change.componentIds) changedIds.add(id);
      reached = change.revision;
    }
    if (reached < catalogue.revision) {
      // Part of the log has expired: this instance is too far behind to catch up.
      logger.warn('search index behind the change log; reading the table', {
        from: this.revision,
        to: catalogue.revision,
      });
      // What is read now is at least at the revision this request read; later changes are
      // applied by the next request.
      await this.loadFromTable(catalogue);
      return;
    }
    const ids = [...changedIds];
    const found = await getComponents(ids);
    const present = new Set(found.map((component) => component.id));
    this.index!.apply(
      found,
      ids.filter((id) => !present.has(id)),
    );
    this.revision = reached;
  }

  private snapshotIsStale(catalogue: CatalogueRevision): boolean {
    const stored = catalogue.snapshot;
    if (!stored) return this.revision > 0;
    if (stored.revision >= this.revision) return false;
    const writtenAt = Date.parse(stored.writtenAt);
    return (
      catalogue.changeCount - stored.changeCount >= this.snapshotAfterChanges ||
      !Number.isFinite(writtenAt) ||
      Date.now() - writtenAt >= this.snapshotMaxAgeMs
    );
  }

  private async writeSnapshotUnderLease(catalogue: CatalogueRevision): Promise<void> {
    const holder = randomUUID();
    try {
      if (!(await acquireSnapshotLease(holder, SNAPSHOT_LEASE_SECONDS))) return;
      try {
        await this.saveSnapshot(catalogue);
      } finally {
        await releaseSnapshotLease(holder);
      }
    } catch (error) {
      // Searching goes on without a fresh snapshot; cold starts just catch up further.
      logger.warn('search snapshot not written', { error: error as Error });
    }
  }

  private async saveSnapshot(catalogue: CatalogueRevision): Promise<void> {
    const meta = { revision: this.revision, changeCount: catalogue.changeCount, writtenAt: new Date().toISOString() };
    await this.store.write(encodeSnapshot(meta, this.index!.toColumns()));
    await recordSnapshot(meta);
  }
}

let shared: CatalogueSearch | undefined;

/** This instance's catalogue search: one index per function container. */
export const catalogueSearch = (): CatalogueSearch => (shared ??= new CatalogueSearch());

/** Forgets the instance's index, as a cold start would (tests). */
export const resetCatalogueSearch = (): void => {
  shared = undefined;
};
