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
import type { IndexColumns, SearchDocument } from './column-store';
import { SearchIndex } from './search-index';
import { SummaryIndex, summaryColumns, summaryFile } from './catalogue-summary';
import {
  decodeColumnFile,
  encodeColumnFile,
  encodeSnapshot,
  s3SnapshotStore,
  s3SummaryStore,
  searchIndexFile,
  type ColumnFile,
  type SnapshotStore,
} from './snapshot';

/*
 * Keeps one instance's copy of the catalogue (the search index, or the catalogue summary the
 * counting routes read) in step with the catalogue:
 * - every request reads the catalogue-revision item once (a consistent read), and nothing
 *   more when the copy is current;
 * - when the catalogue is ahead, the change log names the components changed since this
 *   instance's revision; they are read (consistently) and applied, deletions included;
 * - a cold instance loads its file from S3 and catches up from the file's revision; with none
 *   usable it reads every component from the table;
 * - no request ever encodes or uploads a file: the snapshot job (refreshSnapshot, run on a
 *   schedule by the jobs stack and by a timer locally) keeps its own warm index, catches it up
 *   from the change log and writes the search snapshot and the summary whenever the stored
 *   snapshot is behind, one writer at a time through a lease.
 * So a change committed before a request starts is in that request's answer, on any instance,
 * and a cold instance only catches up on what changed since the job last ran.
 */

export type IndexSource = 'snapshot' | 'table' | 'empty';

export interface LoadReport {
  source: IndexSource;
  milliseconds: number;
  documents: number;
  revision: number;
}

/** What a mirror holds: built from components or loaded from columns, then changed in place. */
interface Mirrored {
  readonly size: number;
  apply(changed: readonly SearchDocument[], removedIds: readonly number[]): void;
}

interface MirrorKind<T extends Mirrored> {
  /** For the logs: 'search index', 'catalogue summary'. */
  name: string;
  file: ColumnFile;
  fromColumns(columns: IndexColumns): T;
  build(components: readonly SearchDocument[]): T;
}

/** One instance's copy of the catalogue, kept current from the change log. */
class CatalogueMirror<T extends Mirrored> {
  protected index: T | undefined;
  protected revision = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** How the copy was last loaded from scratch (the benchmark and tests read it). */
  lastLoad: LoadReport | undefined;

  constructor(
    private readonly kind: MirrorKind<T>,
    protected readonly store: SnapshotStore,
  ) {}

  /** The catalogue revision this instance's copy reflects. */
  get indexRevision(): number {
    return this.revision;
  }

  /** The copy as it stands, without checking the catalogue (undefined before the first load). */
  get loadedIndex(): T | undefined {
    return this.index;
  }

  /** The copy, brought up to the catalogue's current revision (in memory only). */
  current(): Promise<T> {
    return this.queued(async () => {
      await this.refresh();
      return this.index!;
    });
  }

  /** One refresh at a time per instance (the local server runs requests concurrently). */
  protected queued<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Loads or catches the copy up; answers the catalogue revision it read. */
  protected async refresh(): Promise<CatalogueRevision> {
    const catalogue = await readCatalogueRevision();
    if (!this.index) await this.load(catalogue);
    if (this.revision < catalogue.revision) await this.catchUp(catalogue);
    return catalogue;
  }

  private async load(catalogue: CatalogueRevision): Promise<void> {
    const started = performance.now();
    const stored = await this.readStored();
    // A file ahead of the table belongs to another catalogue (a table recreated beside an
    // old bucket): it cannot be caught up, so the table is read instead.
    if (stored && stored.revision <= catalogue.revision) {
      this.index = this.kind.fromColumns(stored.columns);
      this.revision = stored.revision;
      this.report('snapshot', started);
    } else if (catalogue.revision === 0) {
      this.index = this.kind.build([]);
      this.revision = 0;
      this.report('empty', started);
    } else {
      await this.loadFromTable(catalogue, started);
    }
  }

  /** The stored file; none when it is missing, unreadable or of an unknown format (the table is read instead). */
  private async readStored() {
    try {
      const bytes = await this.store.read();
      return bytes ? decodeColumnFile(this.kind.file, bytes) : undefined;
    } catch (error) {
      logger.warn(`${this.kind.name} file unusable; reading the table`, { error: error as Error });
      return undefined;
    }
  }

  private async loadFromTable(catalogue: CatalogueRevision, started = performance.now()): Promise<void> {
    // The revision was read before the components: whatever changes during the read is
    // logged after it and applied on the next refresh.
    const components = await getAllComponents();
    this.index = this.kind.build(components);
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
    logger.info(`${this.kind.name} loaded`, { ...this.lastLoad });
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
      logger.warn(`${this.kind.name} behind the change log; reading the table`, {
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
}

const searchIndexKind: MirrorKind<SearchIndex> = {
  name: 'search index',
  file: searchIndexFile,
  fromColumns: (columns) => SearchIndex.fromColumns(columns),
  build: (components) => SearchIndex.build(components, components.length),
};

const summaryKind: MirrorKind<SummaryIndex> = {
  name: 'catalogue summary',
  file: summaryFile,
  fromColumns: (columns) => SummaryIndex.fromColumns(columns),
  build: (components) => SummaryIndex.build(components, components.length),
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

/** The catalogue summary of one instance (the counting routes' copy). */
export class CatalogueSummary extends CatalogueMirror<SummaryIndex> {
  constructor(store: SnapshotStore = s3SummaryStore) {
    super(summaryKind, store);
  }
}

let shared: CatalogueSearch | undefined;
let sharedSummary: CatalogueSummary | undefined;

/** This instance's catalogue search: one index per function container. */
export const catalogueSearch = (): CatalogueSearch => (shared ??= new CatalogueSearch());

/**
 * This instance's catalogue summary: what the routes that count, list values or rank related
 * parts read, so that only the search function holds the whole index.
 */
export const catalogueSummary = (): CatalogueSummary => (sharedSummary ??= new CatalogueSummary());

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
  sharedSummary = undefined;
};
