/**
 * Load benchmark: the product under a mixed load, with nothing lost.
 *
 *   npm run bench -- load      BENCH_COMPONENTS (10000), BENCH_CONNECTIONS (50), BENCH_SECONDS (60)
 *
 * This process is the server: DynamoDB Local (in memory) and s3rver on free loopback ports, the
 * catalogue written through the repository, and the real local server (route manifest, handlers,
 * middleware) on 127.0.0.1. A second process (load-client.ts) runs autocannon against it: 70%
 * searches (the search benchmark's query mix), 20% detail reads, 10% writes (comments and edit
 * requests), as one signed-in user. After a warm-up it reports throughput, latency percentiles,
 * errors, and the server's memory before and after (after a full GC), then checks that every
 * accepted write is in the table.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { searchQuerySchema } from '#shared/schemas/component';
import { listComments } from '#repositories/comments';
import { listRequests } from '#repositories/approval-requests';
import { toIndexQuery } from '#services/components';
import { catalogueSearch } from '#services/search/catalogue-search';
import { SESSION_COOKIE } from '#lib/cookies';
import { writeDemoCatalogue } from '../seed/seed-catalogue.ts';
import { startLocalServer } from '../local/server.ts';
import { benchUser, startBenchStack } from './bench-stack.ts';
import { buildQueries } from './search-queries.ts';
import { gc, log } from './measure.ts';
import type { LoadClientConfig } from './load-client.ts';

const COUNT = Number(process.env.BENCH_COMPONENTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Long enough for the JIT, the connection pools and the index to reach their steady size. */
const WARMUP_SECONDS = 15;
const SEED = 42;
const TARGETS = { errors: 0, memoryGrowth: 0.1 };

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const stops: (() => Promise<unknown>)[] = [];
const cleanup = async () => {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('[bench] cleanup:', error));
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

/** The server's memory after a full collection: what it keeps, not what it has yet to free. */
const serverMemory = async () => {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external, kept: heapUsed + external };
};

const processRss = async (pid: number): Promise<number | undefined> => {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
};

const runClient = (config: LoadClientConfig): Promise<autocannon.Result> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./load-client.ts', import.meta.url))],
      {
        env: { ...process.env, LOAD_CLIENT_CONFIG: JSON.stringify(config) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      const line = output.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`load client exited with ${code}`));
      else resolve(JSON.parse(line) as autocannon.Result);
    });
  });

const main = async () => {
  log(`${COUNT} components; ${CONNECTIONS} connections for ${SECONDS} s (after a ${WARMUP_SECONDS} s warm-up)`);
  const stack = await startBenchStack('bench-load', log);
  stops.push(() => stack.stop());

  const started = performance.now();
  await writeDemoCatalogue({ count: COUNT, seed: SEED, files: false });
  log(`catalogue written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const index = await catalogueSearch().current();
  const searches = buildQueries(
    [...index.documents()],
    (params) => index.search({ ...toIndexQuery(searchQuerySchema.parse(params)), limit: 0 }).total,
    SEED + 1,
  ).map((q) => new URLSearchParams(q.params).toString());

  const { token } = await benchUser('user', 'load');

  const server = await startLocalServer({ port: 0, api: {} });
  stops.push(() => server.close());
  const url = `http://127.0.0.1:${server.port}`;
  const cookie = `${SESSION_COOKIE}=${token}`;
  const csrf = (await (await fetch(`${url}/api/csrf-token`, { headers: { cookie } })).json()) as { token: string };
  const componentIds = Array.from({ length: COUNT }, (_, i) => i + 1);
  const probe = await fetch(`${url}/api/components/${COUNT}`, { headers: { cookie } });
  if (probe.status !== 200)
    throw new Error(`GET /api/components/${COUNT} answered ${probe.status}: component ids are not 1..${COUNT}`);

  const client: LoadClientConfig = {
    url,
    cookie,
    csrfToken: csrf.token,
    connections: CONNECTIONS,
    durationSeconds: WARMUP_SECONDS,
    searches,
    componentIds,
    searchShare: 0.7,
    readShare: 0.2,
  };
  const warmup = await runClient(client);
  const before = await serverMemory();
  const dynamoBefore = await processRss(stack.dynamodbPid);
  const result = await runClient({ ...client, durationSeconds: SECONDS });
  const after = await serverMemory();
  const dynamoAfter = await processRss(stack.dynamodbPid);

  // Nothing lost: every comment and edit request the server accepted is in the table.
  let comments = 0;
  for (const id of componentIds) comments += (await listComments(id)).length;
  const pendingEdits = (await listRequests('pending', { max: 1_000_000 })).filter(
    (request) => request.requestType === 'edit',
  ).length;
  const created = (run: autocannon.Result) =>
    Number((run.statusCodeStats as Record<string, { count: number }> | undefined)?.['201']?.count ?? 0);
  const acceptedWrites = created(warmup) + created(result);
  const kept = comments + pendingEdits;
  // A request still in flight when autocannon stops is applied but not counted: at most one a connection a run.
  const nothingLost = kept >= acceptedWrites && kept <= acceptedWrites + 2 * CONNECTIONS;

  const errors = result.errors + result.timeouts + result.non2xx;
  // The target is judged on what the program keeps (JS heap and buffers after a full GC); RSS is
  // shown too, but it also holds pages the allocator keeps after a burst without using them.
  const growth = (after.kept - before.kept) / before.kept;
  const rssGrowth = (after.rss - before.rss) / before.rss;
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\nLoad benchmark: 70% search, 20% detail, 10% writes (comments, edit requests)');
  console.log(`  components           ${COUNT}`);
  console.log(
    `  connections          ${CONNECTIONS} for ${result.duration.toFixed(1)} s (client in its own process, loopback)`,
  );
  console.log(
    `  requests             ${result.requests.total} (${result.requests.average.toFixed(1)}/s average, ${result.requests.min}–${result.requests.max}/s)`,
  );
  console.log(
    `  latency              p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(
    `  status codes         ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])))}`,
  );
  console.log(
    `  errors               ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})    (target ${TARGETS.errors}: ${check(errors === TARGETS.errors)})`,
  );
  console.log(
    `  server memory kept   ${mb(before.kept)} before, ${mb(after.kept)} after (${(growth * 100).toFixed(1)}%; heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}, buffers ${mb(before.external)} → ${mb(after.external)})    (target at most +${TARGETS.memoryGrowth * 100}%: ${check(growth <= TARGETS.memoryGrowth)})`,
  );
  console.log(
    `  server RSS           ${mb(before.rss)} before, ${mb(after.rss)} after (${(rssGrowth * 100).toFixed(1)}%)`,
  );
  if (dynamoBefore && dynamoAfter)
    console.log(
      `  DynamoDB Local RSS   ${mb(dynamoBefore)} before, ${mb(dynamoAfter)} after (a JVM: grows into its heap)`,
    );
  console.log(
    `  writes kept          ${kept} of ${acceptedWrites} accepted (${comments} comments, ${pendingEdits} edit requests, warm-up included; up to ${2 * CONNECTIONS} more were in flight at the ends)    (${check(nothingLost)})`,
  );
  await cleanup();
  if (errors !== TARGETS.errors || growth > TARGETS.memoryGrowth || !nothingLost) process.exitCode = 1;
};

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanup();
  process.exit(1);
});
