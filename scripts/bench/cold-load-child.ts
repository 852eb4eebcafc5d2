/**
 * The cold-load benchmark's child: what a cold search function does at init, in a fresh Node
 * process bundled as a Lambda is (esbuild, minified): read the snapshot file, decode it, take
 * the columns over as an index, answer one search. Prints its timings as one line of JSON.
 *
 *   node cold-load-child.mjs <snapshot file> <query>
 */
import { readFileSync } from 'node:fs';
import { decodeSnapshot } from '#services/search/snapshot';
import { SearchIndex } from '#services/search/search-index';

const [file, query = ''] = process.argv.slice(2);
// performance.now() counts from the process's start: Node's boot and the bundle's load are before this.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const startedCpu = cpuMs();
const started = performance.now();
const bytes = readFileSync(file!);
const read = performance.now();
const { columns } = decodeSnapshot(bytes);
const decoded = performance.now();
const index = SearchIndex.fromColumns(columns);
const loaded = performance.now();
const { total } = index.search({ query, offset: 0, limit: 25 });
const answered = performance.now();

process.stdout.write(
  JSON.stringify({
    bootMs: started,
    readMs: read - started,
    decodeMs: decoded - read,
    takeOverMs: loaded - decoded,
    firstSearchMs: answered - loaded,
    fromFileMs: answered - started,
    cpuMs: cpuMs(),
    fromFileCpuMs: cpuMs() - startedCpu,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    documents: index.size,
    total,
  }) + '\n',
);
