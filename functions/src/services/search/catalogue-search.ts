import { randomUUID } from 'node:crypto';
import { logger } from '#lib/logger';
import {
  acquireSnapshotLease,
  recordSnapshot,
  releaseSnapshotLease,
  type CatalogueRevision,
} from '#repositories/catalogue';
import { SearchIndex } from './search-index';
import { summaryColumns, summaryFile } from './catalogue-summary';
import { CatalogueMirror, resetCatalogueSummary, type MirrorKind } from './catalogue-mirror';
import {
  encodeColumnFile,
  encodeSnapshot,
  s3SnapshotStore,
  s3SummaryStore,
  searchIndexFile,
  type SnapshotStore,
} from './snapshot';

/*
 * The search index of one instance (the search function's, and the snapshot job's, which also
 * writes the files), kept current as catalogue-mirror.ts describes. Only the search function
 * and the snapshot job import this module; the other functions read the catalogue summary
 * (catalogue-mirror.ts) or ask the search function (holder-client.ts).
 */

export { CatalogueSummary, catalogueSummary, type IndexSource, type LoadReport } from './catalogue-mirror';

const searchIndexKind: MirrorKind<SearchIndex> = {
  name: 'search index',
  file: searchIndexFile,
  fromColumns: (columns) => SearchIndex.fromColumns(columns),
  build: (components) => SearchIndex.build(components, components.length),
};

export interface CatalogueSearchOptions {
  store?: SnapshotStore;
  /** Where the snapshot job writes the catalogue summary. */
  summaryStore?: SnapshotStore;
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

/** The search index of one instance; the snapshot job's instance also writes the files. */
export class CatalogueSearch extends CatalogueMirror<SearchIndex> {
  private readonly summaryStore: SnapshotStore;

  constructor(options: CatalogueSearchOptions = {}) {
    super(searchIndexKind, options.store ?? s3SnapshotStore);
    this.summaryStore = options.summaryStore ?? s3SummaryStore;
  }

  /**
   * The snapshot job's run: brings the index up to date and, when the stored snapshot is behind
   * it, stores a new one and the summary (unless another writer holds the lease). A failure is
   * thrown, so the run is seen to fail; the next run starts over.
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

  /** Both files from one set of columns, then the record that names their revision. */
  private async saveSnapshot(catalogue: CatalogueRevision): Promise<void> {
    const meta = { revision: this.revision, changeCount: catalogue.changeCount, writtenAt: new Date().toISOString() };
    const columns = this.index!.toColumns();
    await this.store.write(encodeSnapshot(meta, columns));
    await this.summaryStore.write(encodeColumnFile(summaryFile, meta, summaryColumns(columns)));
    await recordSnapshot(meta);
  }
}

let shared: CatalogueSearch | undefined;

/** This instance's catalogue search: one index per function container. */
export const catalogueSearch = (): CatalogueSearch => (shared ??= new CatalogueSearch());

/**
 * Loads this container's index during a Lambda function's init, before its first request (init
 * runs at full CPU and its time is not a user's wait). Only where Lambda says it is initialising
 * (AWS_LAMBDA_INITIALIZATION_TYPE), so the local server and tests load on first use. A failure
 * is logged; the first request then loads it.
 */
export const loadSearchIndexAtInit = async (
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Promise<void> => {
  if (!environment.AWS_LAMBDA_INITIALIZATION_TYPE) return;
  await catalogueSearch()
    .current()
    .catch((error: unknown) => logger.warn('search index not loaded at init', { error: error as Error }));
};

/** The snapshot job: this container's index brought up to date, and stored when the snapshot is behind. */
export const refreshSearchSnapshot = (): Promise<SnapshotRefresh> => catalogueSearch().refreshSnapshot();

/** Forgets the instance's index and summary, as a cold start would (tests). */
export const resetCatalogueSearch = (): void => {
  shared = undefined;
  resetCatalogueSummary();
};
