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
 * - no request ever encodes or uploads a snapshot: the snapshot job (refreshSnapshot, run on a
 *   schedule by the jobs stack and by a timer locally) keeps its own warm index, catches it up
 *   from the change log and writes a new snapshot whenever the stored one is behind, one writer
 *   at a time through a lease.
 * So a change committed before a search starts is in that search's answer, on any instance, and
 * a cold instance only catches up on what changed since the job last ran.
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
}

/** What one run of the snapshot job did. */
export interface SnapshotRefresh {
  /** `written`: a new snapshot is stored; `current`: the stored one was not behind; `busy`: another writer holds the lease. */
  outcome: 'written' | 'current' | 'busy';
  /** The revision the job's index reached (and the new snapshot holds, when written). */
  revision: number;
  documents: number;
}

/**
 * How long a snapshot writer may hold the lease: longer than the job may run (encoding a
 * million parts takes over a minute), so a slow writer is never overtaken by a second one that
 * would then store an older snapshot over its newer one.
 */
export const SNAPSHOT_LEASE_SECONDS = 20 * 60;

export class CatalogueSearch {
  private index: SearchIndex | undefined;
  private revision = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly store: SnapshotStore;
  /** How the index was last loaded from scratch (the benchmark and tests read it). */
  lastLoad: LoadReport | undefined;

  constructor(options: CatalogueSearchOptions = {}) {
    this.store = options.store ?? s3SnapshotStore;
  }

  /** The catalogue revision this instance's index reflects. */
  get indexRevision(): number {
    return this.revision;
  }

  /** The index as it stands, without checking the catalogue (undefined before the first load). */
  get loadedIndex(): SearchIndex | undefined {
    return this.index;
  }

  /** The index, brought up to the catalogue's current revision (in memory only). */
  current(): Promise<SearchIndex> {
    return this.queued(async () => {
      await this.refresh();
      return this.index!;
    });
  }

  /**
   * The snapshot job's run: brings the index up to date and, when the stored snapshot is behind
   * it, stores a new one (unless another writer holds the lease). A failure is thrown, so the
   * run is seen to fail; the next run starts over.
   */
  refreshSnapshot(): Promise<SnapshotRefresh> {
    return this.queued(async () => {
      const catalogue = await this.refresh();
      const outcome = !this.snapshotIsBehind(catalogue)
        ? 'current'
        : (await this.writeSnapshotUnderLease(catalogue))
          ? 'written'
          : 'busy';
      return { outcome, revision: this.revision, documents: this.index!.size };
    });
  }

  /** Writes a snapshot of the current index now, whatever the stored one holds (seeding). */
  async writeSnapshot(): Promise<void> {
    await this.queued(async () => this.saveSnapshot(await this.refresh()));
  }

  /** One refresh at a time per instance (the local server runs requests concurrently). */
  private queued<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Loads or catches the index up; answers the catalogue revision it read. */
  private async refresh(): Promise<CatalogueRevision> {
    const catalogue = await readCatalogueRevision();
    if (!this.index) await this.load(catalogue);
    if (this.revision < catalogue.revision) await this.catchUp(catalogue);
    return catalogue;
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

  /** Whether the stored snapshot (as recorded) holds less than this index. */
  private snapshotIsBehind(catalogue: CatalogueRevision): boolean {
    const stored = catalogue.snapshot;
    return stored ? stored.revision < this.revision : this.revision > 0;
  }

  /** True when this writer stored the snapshot, false when another held the lease. */
  private async writeSnapshotUnderLease(catalogue: CatalogueRevision): Promise<boolean> {
    const holder = randomUUID();
    if (!(await acquireSnapshotLease(holder, SNAPSHOT_LEASE_SECONDS))) return false;
    try {
      await this.saveSnapshot(catalogue);
      return true;
    } finally {
      // A release that fails leaves the lease to expire: the next runs wait it out, and cold
      // instances catch up a little further meanwhile.
      await releaseSnapshotLease(holder).catch((error: unknown) =>
        logger.warn('search snapshot lease not released', { error: error as Error }),
      );
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

/** The snapshot job: this container's index brought up to date, and stored when the snapshot is behind. */
export const refreshSearchSnapshot = (): Promise<SnapshotRefresh> => catalogueSearch().refreshSnapshot();

/** Forgets the instance's index, as a cold start would (tests). */
export const resetCatalogueSearch = (): void => {
  shared = undefined;
};
