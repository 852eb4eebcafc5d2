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
/**
 * This process's own peak RSS: VmHWM, the high-water mark of its own memory since its exec.
 * getrusage's maxRSS (process.resourceUsage) also counts the parent's RSS at the spawn, as Linux
 * carries it over the exec: with a parent holding a built index it reports the parent.
 */
const peakRssMb = (): number => {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'latin1'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // Not Linux: getrusage's figure.
  }
  return process.resourceUsage().maxRSS / 1024;
};
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
    peakRssMb: peakRssMb(),
    documents: index.size,
    total,
  }) + '\n',
);
