/**
 * Search benchmark (issue 4 §5): the in-memory index behind `GET /api/components` against
 * PostgreSQL 15 with pg_trgm, on the same generated catalogue and the same 200 queries.
 *
 *   npm run bench -- search          BENCH_COMPONENTS (100000), BENCH_SEED (42), BENCH_ROUNDS (3)
 *
 * The index side runs on the local stack (DynamoDB Local in memory, s3rver), started here on
 * free loopback ports: the catalogue is written through the repository, the snapshot through
 * the search service, and every query goes through the real handler (session check, revision
 * read, index, page read). PostgreSQL is Debian's package (installed with apt-get when missing
 * and this runs as root), a private cluster on a temporary directory on 127.0.0.1 and a free
 * port, run as the `postgres` user when started as root. Both sides' answers are compared.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import pg from 'pg';
import {
  componentDecimalFields,
  componentFields,
  componentIntegerFields,
  quickSearchFields,
  searchNumberFilterFields,
  searchTextFilterFields,
  searchQuerySchema,
  type Component,
  type SearchQuery,
} from '#shared/schemas/component';
import { componentFileKey, searchComponents, toIndexQuery } from '#services/components';
import { generateDemoCatalogue } from '#services/demo-catalogue';
import { CatalogueSearch, resetCatalogueSearch } from '#services/search/catalogue-search';
import type { SearchDocument } from '#services/search/search-index';
import { s3SnapshotStore } from '#services/search/snapshot';
import { writeDemoCatalogue } from '#services/seed-catalogue';
import { findFreePort, LOOPBACK } from '../local/ports.ts';
import { benchUser, startBenchStack } from './bench-stack.ts';
import { buildQueries } from './search-queries.ts';

const COUNT = Number(process.env.BENCH_COMPONENTS ?? 100_000);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const QUERIES = 200;
const TARGETS = { p50: 10, p95: 40, ratio: 2, coldLoadMs: 2000, indexMb: 300 };

const run = promisify(execFile);
const log = (message: string) => console.log(`[bench] ${message}`);
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const memoryMb = () => {
  const { heapUsed, arrayBuffers, external } = process.memoryUsage();
  return (heapUsed + Math.max(arrayBuffers, external)) / 2 ** 20;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => percentile(values, 50);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

const stops: (() => Promise<unknown>)[] = [];
const cleanup = async () => {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('[bench] cleanup:', error));
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

// ------------------------------------------------------------------ PostgreSQL

const pgBinDir = async (): Promise<string | undefined> => {
  const candidates = ['/usr/lib/postgresql/15/bin'];
  try {
    candidates.unshift((await run('pg_config', ['--bindir'])).stdout.trim());
  } catch {
    // pg_config is in libpq-dev, often absent.
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
};

const ensurePostgres = async (): Promise<string | undefined> => {
  let bin = await pgBinDir();
  if (!bin && process.getuid?.() === 0) {
    log('PostgreSQL not found: apt-get install -y postgresql ...');
    spawnSync('apt-get', ['install', '-y', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    bin = await pgBinDir();
  }
  return bin;
};

/** Starts a throwaway cluster on loopback; as root, owned by and run as `postgres`. */
const startPostgres = async (bin: string): Promise<{ port: number; stop: () => Promise<void> }> => {
  const dir = await mkdtemp(join(tmpdir(), 'component-hub-pg-'));
  const asRoot = process.getuid?.() === 0;
  const runAs = async (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    return run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
  };
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  const data = join(dir, 'data');
  await runAs('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const port = await findFreePort();
  const options = `-p ${port} -c listen_addresses=${LOOPBACK} -k ${dir} -c shared_buffers=256MB -c work_mem=16MB -c fsync=off -c synchronous_commit=off`;
  await runAs('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  return {
    port,
    stop: async () => {
      await runAs('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
};

const quote = (name: string) => `"${name}"`;
const numericColumns = new Set<string>([...componentDecimalFields, ...componentIntegerFields]);
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ORDER = `lower("reference") COLLATE "C", "reference" COLLATE "C", "id"`;

/** The same search in SQL: ILIKE on the same columns, numbers equal, LIMIT/OFFSET and count(*). */
const sqlFor = (query: SearchQuery) => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.query !== undefined) {
    const p = param(likePattern(query.query));
    conditions.push(`(${quickSearchFields.map((field) => `${quote(field)} ILIKE ${p}`).join(' OR ')})`);
  }
  for (const field of searchTextFilterFields)
    if (query[field] !== undefined) conditions.push(`${quote(field)} ILIKE ${param(likePattern(query[field]!))}`);
  for (const field of searchNumberFilterFields)
    if (query[field] !== undefined) conditions.push(`${quote(field)} = ${param(query[field])}`);
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  return {
    page: {
      text: `SELECT * FROM components ${where} ORDER BY ${ORDER} LIMIT ${query.limit} OFFSET ${query.offset}`,
      values,
    },
    count: { text: `SELECT count(*)::int AS total FROM components ${where}`, values },
  };
};

const loadPostgres = async (client: pg.Client) => {
  const columns = ['id', ...componentFields];
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await client.query(
    `CREATE TABLE components (id integer PRIMARY KEY, ${componentFields
      .map(
        (field) =>
          `${quote(field)} ${componentIntegerFields.includes(field as never) ? 'integer' : numericColumns.has(field) ? 'double precision' : 'text'}`,
      )
      .join(', ')})`,
  );
  const rows: unknown[][] = [];
  let id = 0;
  const flush = async () => {
    if (!rows.length) return;
    const placeholders = rows
      .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(',')})`)
      .join(',');
    await client.query(`INSERT INTO components (${columns.map(quote).join(',')}) VALUES ${placeholders}`, rows.flat());
    rows.length = 0;
  };
  // The same parts with the same ids as the table got: ids 1..N in generation order.
  for (const { fields, hasDataSheet } of generateDemoCatalogue(COUNT, SEED)) {
    id++;
    const row = {
      ...fields,
      dataSheet: hasDataSheet ? componentFileKey(id, 'dataSheet', `${fields.reference}.pdf`) : null,
    } as Record<string, unknown>;
    rows.push([id, ...componentFields.map((field) => row[field] ?? null)]);
    if (rows.length === 1000) await flush();
  }
  await flush();
  const started = performance.now();
  for (const field of new Set([...quickSearchFields, ...searchTextFilterFields])) {
    await client.query(`CREATE INDEX ON components USING gin (${quote(field)} gin_trgm_ops)`);
  }
  for (const field of searchNumberFilterFields) await client.query(`CREATE INDEX ON components (${quote(field)})`);
  await client.query(`CREATE INDEX components_order ON components (${ORDER})`);
  await client.query('ANALYZE components');
  return performance.now() - started;
};

// ------------------------------------------------------------------ the run

const context = {
  awsRequestId: 'bench',
  functionName: 'bench',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;
const listEvent = (params: Record<string, string>, sessionToken: string): APIGatewayProxyEventV2 => ({
  version: '2.0',
  routeKey: 'GET /api/components',
  rawPath: '/api/components',
  rawQueryString: new URLSearchParams(params).toString(),
  queryStringParameters: params,
  cookies: [`ch_session=${sessionToken}`],
  headers: { host: 'localhost:3000', 'x-forwarded-proto': 'http' },
  requestContext: {
    accountId: 'local',
    apiId: 'local',
    domainName: 'localhost',
    domainPrefix: 'localhost',
    http: { method: 'GET', path: '/api/components', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
    requestId: randomUUID(),
    routeKey: 'GET /api/components',
    stage: '$default',
    time: '',
    timeEpoch: 0,
  },
  isBase64Encoded: false,
});

const main = async () => {
  log(`${COUNT} components, seed ${SEED}, ${QUERIES} queries x ${ROUNDS} rounds`);
  const stack = await startBenchStack('bench-components', log);
  stops.push(() => stack.stop());

  let started = performance.now();
  await writeDemoCatalogue({
    count: COUNT,
    seed: SEED,
    files: false,
    onProgress: (n) => n % 20_000 === 0 && log(`${n} written`),
  });
  const snapshotBytes = (await s3SnapshotStore.read())?.length ?? 0;
  log(
    `catalogue written and snapshot saved (${(snapshotBytes / 2 ** 20).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  resetCatalogueSearch();

  // Cold loads from the snapshot, and what the index costs in memory.
  const coldLoads: number[] = [];
  let indexMb = 0;
  let documents: SearchDocument[] = [];
  for (let i = 0; i < 3; i++) {
    gc();
    const before = memoryMb();
    let instance: CatalogueSearch | undefined = new CatalogueSearch();
    const index = await instance.current();
    if (instance.lastLoad?.source !== 'snapshot')
      throw new Error(`cold load came from ${instance.lastLoad?.source}, not the snapshot`);
    coldLoads.push(instance.lastLoad.milliseconds);
    gc();
    indexMb = Math.max(indexMb, memoryMb() - before);
    if (i === 0) documents = [...index.documents()];
    instance = undefined;
  }
  const probe = new CatalogueSearch();
  const probeIndex = await probe.current();
  const queries = buildQueries(
    documents,
    (params) => probeIndex.search({ ...toIndexQuery(searchQuerySchema.parse(params)), limit: 0 }).total,
    SEED + 1,
    QUERIES,
  );
  documents = [];

  // The real handler, signed in; its first call is the cold start of a fresh container.
  const { token } = await benchUser('user');
  const { handler } = await import('../../functions/src/handlers/components/list-components.ts');
  resetCatalogueSearch();
  started = performance.now();
  const first = await handler(listEvent({ query: '3RT2015' }, token), context);
  const coldRequestMs = performance.now() - started;
  if (first.statusCode !== 200) throw new Error(`handler answered ${first.statusCode}: ${first.body}`);

  const handlerTimes: number[] = [];
  const serviceTimes: number[] = [];
  const indexTimes: number[] = [];
  const answers = new Map<number, { ids: number[]; total: number }>();
  const byKind = new Map<string, number[]>();
  const parsed = queries.map((q) => searchQuerySchema.parse(q.params));
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [i, q] of queries.entries()) {
      const t0 = performance.now();
      const result = await handler(listEvent(q.params, token), context);
      const elapsed = performance.now() - t0;
      if (result.statusCode !== 200)
        throw new Error(`handler answered ${result.statusCode} for ${JSON.stringify(q.params)}: ${result.body}`);
      if (round === 0) {
        // The first round warms the JIT and records the answers.
        const body = JSON.parse(result.body!) as Component[];
        answers.set(i, { ids: body.map((c) => c.id), total: Number(result.headers?.['X-Total-Count']) });
        continue;
      }
      handlerTimes.push(elapsed);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), elapsed]);
      const t1 = performance.now();
      await searchComponents(parsed[i]!);
      serviceTimes.push(performance.now() - t1);
      const t2 = performance.now();
      probeIndex.search(toIndexQuery(parsed[i]!));
      indexTimes.push(performance.now() - t2);
    }
  }

  // PostgreSQL, same data and queries.
  let pgReport:
    { p50: number; p95: number; mismatches: number; sizeMb: number; indexBuildMs: number; loadMs: number } | undefined;
  const bin = await ensurePostgres();
  if (!bin) {
    log('PostgreSQL 15 is not installed and cannot be installed here (not root): comparison skipped.');
  } else {
    const server = await startPostgres(bin);
    stops.push(server.stop);
    const client = new pg.Client({ host: LOOPBACK, port: server.port, user: 'postgres', database: 'postgres' });
    await client.connect();
    stops.push(() => client.end());
    started = performance.now();
    const indexBuildMs = await loadPostgres(client);
    const loadMs = performance.now() - started;
    const pgTimes: number[] = [];
    let mismatches = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [i, query] of parsed.entries()) {
        const sql = sqlFor(query);
        const t0 = performance.now();
        const page = await client.query<{ id: number }>(sql.page);
        const count = await client.query<{ total: number }>(sql.count);
        const elapsed = performance.now() - t0;
        if (round === 0) {
          const ours = answers.get(i)!;
          const theirs = { ids: page.rows.map((row) => row.id), total: count.rows[0]!.total };
          if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
            mismatches++;
            if (mismatches <= 5)
              log(
                `answers differ for ${JSON.stringify(queries[i]!.params)}: index ${JSON.stringify(ours).slice(0, 200)} / PostgreSQL ${JSON.stringify(theirs).slice(0, 200)}`,
              );
          }
          continue;
        }
        pgTimes.push(elapsed);
      }
    }
    const size = await client.query<{ bytes: string }>("SELECT pg_total_relation_size('components')::bigint AS bytes");
    pgReport = {
      p50: median(pgTimes),
      p95: percentile(pgTimes, 95),
      mismatches,
      sizeMb: Number(size.rows[0]!.bytes) / 2 ** 20,
      indexBuildMs,
      loadMs,
    };
  }

  // ---------------------------------------------------------------- report
  const p50 = median(handlerTimes);
  const p95 = percentile(handlerTimes, 95);
  const coldLoad = median(coldLoads);
  const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log('\nSearch benchmark');
  console.log(
    `  catalogue            ${COUNT} components (seed ${SEED}); ${QUERIES} queries (${[...byKind.keys()].map((k) => `${queries.filter((q) => q.kind === k).length} ${k}`).join(', ')}), ${ROUNDS} measured rounds after 1 warm-up`,
  );
  console.log(
    `  handler p50 / p95    ${fmt(p50)} / ${fmt(p95)}    (targets ${TARGETS.p50} / ${TARGETS.p95} ms: ${check(p50 <= TARGETS.p50)} / ${check(p95 <= TARGETS.p95)})`,
  );
  for (const [kind, times] of byKind)
    console.log(`    ${kind.padEnd(18)} p50 ${fmt(median(times))}, p95 ${fmt(percentile(times, 95))}`);
  console.log(
    `  service p50 / p95    ${fmt(median(serviceTimes))} / ${fmt(percentile(serviceTimes, 95))}    (revision read + index + page read, no session check)`,
  );
  console.log(`  index only p50 / p95 ${fmt(median(indexTimes))} / ${fmt(percentile(indexTimes, 95))}`);
  console.log(
    `  cold index load      ${fmt(coldLoad)} median of 3 (snapshot of ${(snapshotBytes / 2 ** 20).toFixed(1)} MB read + decode + build)    (target ${TARGETS.coldLoadMs} ms: ${check(coldLoad <= TARGETS.coldLoadMs)})`,
  );
  console.log(`  first request, cold  ${fmt(coldRequestMs)}`);
  console.log(
    `  index memory         ${indexMb.toFixed(0)} MB    (target ${TARGETS.indexMb} MB: ${check(indexMb <= TARGETS.indexMb)})`,
  );
  if (pgReport) {
    const ratio = pgReport.p50 / p50;
    console.log(
      `  PostgreSQL p50 / p95 ${fmt(pgReport.p50)} / ${fmt(pgReport.p95)}    (page + count(*), pg_trgm GIN on every searched column)`,
    );
    console.log(
      `  ratio at p50         ${ratio.toFixed(1)}x faster than PostgreSQL    (target ${TARGETS.ratio}x: ${check(ratio >= TARGETS.ratio)}); at p95 ${(pgReport.p95 / p95).toFixed(1)}x`,
    );
    console.log(
      `  ratio without the session check (service vs PostgreSQL): p50 ${(pgReport.p50 / median(serviceTimes)).toFixed(1)}x, p95 ${(pgReport.p95 / percentile(serviceTimes, 95)).toFixed(1)}x`,
    );
    console.log(
      `  PostgreSQL table+indexes ${pgReport.sizeMb.toFixed(0)} MB; load ${(pgReport.loadMs / 1000).toFixed(1)} s (index build ${(pgReport.indexBuildMs / 1000).toFixed(1)} s)`,
    );
    console.log(`  answers compared     ${QUERIES} queries, ${pgReport.mismatches} differ`);
  }
};

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
