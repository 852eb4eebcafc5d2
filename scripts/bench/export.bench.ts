/**
 * The search export at BENCH_COMPONENTS generated parts: each format written as the export
 * function writes it (from the search index, a chunk of parts at a time) into a stream that
 * takes the bytes as an upload to the bucket would, timed, with the process's peak resident
 * memory sampled while it runs (the index itself included, as in the function).
 *
 *   npm run bench -- export          BENCH_COMPONENTS (100000), BENCH_SEED (42)
 *
 * Targets: every format within the export function's 29 s and, with the index, its 1769 MB.
 */
import { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { exportFormats, type ExportedLink } from '#shared/schemas/exports';
import { toApiComponent } from '#services/components';
import { writeExport } from '#services/exports';
import { SearchIndex } from '#services/search/search-index';
import { generatedParts } from './generated-parts.ts';
import { gc, log, runBench } from './measure.ts';

const COUNT = Number(process.env.BENCH_COMPONENTS ?? 100_000);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const CHUNK = 500;
const TARGET_SECONDS = 29;
const TARGET_RSS_MB = 1769;

const catalogue = () => generatedParts(COUNT, SEED);

const main = async () => {
  log(`${COUNT} components, seed ${SEED}, load average ${(await import('node:os')).loadavg()[0]!.toFixed(2)}`);
  const index = SearchIndex.build(catalogue(), COUNT);
  const ids = index.search({ offset: 0, limit: Number.MAX_SAFE_INTEGER }).ids;
  // Every tenth part links to the next one, as a contact its housing would.
  const links = new Map<number, ExportedLink[]>(
    ids
      .filter((_, n) => n % 10 === 0)
      .map((id) => [id, [{ kind: 'uses-contact', reference: `REF-${id + 1}`, manufacturer: 'Maker' }]] as const),
  );
  gc();
  log(`the index built: RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB before any export`);
  let failed = false;
  for (const format of exportFormats) {
    gc();
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    const out = new PassThrough();
    out.pipe(sink);
    const finished = new Promise((resolve) => sink.on('finish', resolve));
    const started = performance.now();
    function* chunks() {
      for (let start = 0; start < ids.length; start += CHUNK)
        yield index
          .components(ids.slice(start, start + CHUNK))
          .map((component) => ({ component: toApiComponent(component), links: links.get(component.id) ?? [] }));
    }
    await writeExport(out, format, chunks(), 'https://hub.example');
    await finished;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const peakMb = Math.round(peak / 2 ** 20);
    const ok = seconds <= TARGET_SECONDS && peakMb <= TARGET_RSS_MB;
    failed ||= !ok;
    log(
      `${format}: ${seconds.toFixed(1)} s, ${(bytes / 2 ** 20).toFixed(1)} MB written, peak RSS ${peakMb} MB ` +
        `(targets ${TARGET_SECONDS} s, ${TARGET_RSS_MB} MB) ${ok ? 'ok' : 'MISSED'}`,
    );
  }
  if (failed) throw new Error('An export missed its target');
};

await runBench(main);
