import { logger } from '#lib/logger';
import { readCatalogueChanges, readCatalogueRevision, type CatalogueRevision } from '#repositories/catalogue';
import { getAllComponents, getComponents } from '#repositories/components';
import type { IndexColumns, SearchDocument } from './column-store';
import { SummaryIndex, summaryFile } from './catalogue-summary';
import { decodeColumnFile, s3SummaryStore, type ColumnFile, type SnapshotStore } from './snapshot';

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
export interface Mirrored {
  readonly size: number;
  apply(changed: readonly SearchDocument[], removedIds: readonly number[]): void;
}

export interface MirrorKind<T extends Mirrored> {
  /** For the logs: 'search index', 'catalogue summary'. */
  name: string;
  file: ColumnFile;
  fromColumns(columns: IndexColumns): T;
  build(components: readonly SearchDocument[]): T;
}

/** One instance's copy of the catalogue, kept current from the change log. */
export class CatalogueMirror<T extends Mirrored> {
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
    // The revision is read at once, in the request's batched read (with its session), not when
    // the refreshes queued before this one are done: one DynamoDB round trip per request, also
    // when requests arrive together. The copy is brought at least to what was read.
    const read = readCatalogueRevision();
    read.catch(() => undefined);
    return this.queued(async () => {
      await this.refresh(await read);
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
  protected async refresh(read?: CatalogueRevision): Promise<CatalogueRevision> {
    const catalogue = read ?? (await readCatalogueRevision());
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

const summaryKind: MirrorKind<SummaryIndex> = {
  name: 'catalogue summary',
  file: summaryFile,
  fromColumns: (columns) => SummaryIndex.fromColumns(columns),
  build: (components) => SummaryIndex.build(components, components.length),
};

/** The catalogue summary of one instance (the counting routes' copy). */
export class CatalogueSummary extends CatalogueMirror<SummaryIndex> {
  constructor(store: SnapshotStore = s3SummaryStore) {
    super(summaryKind, store);
  }
}

let sharedSummary: CatalogueSummary | undefined;

/**
 * This instance's catalogue summary: what the routes that count, list values or rank related
 * parts read, so that only the search function holds the whole index (this module never
 * imports it).
 */
export const catalogueSummary = (): CatalogueSummary => (sharedSummary ??= new CatalogueSummary());

/** Forgets the instance's summary, as a cold start would (tests). */
export const resetCatalogueSummary = (): void => {
  sharedSummary = undefined;
};
