/** What the benchmarks measure with and how they report and end, written once for all of them. */

export const log = (message: string) => console.log(`[bench] ${message}`);

/** A full collection when Node runs with `--expose-gc` (as `npm run bench` starts it); nothing otherwise. */
export const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** The memory the process holds for its data: the heap and the larger of its buffers and external memory, in MB. */
export const memoryMb = () => {
  const { heapUsed, arrayBuffers, external } = process.memoryUsage();
  return (heapUsed + Math.max(arrayBuffers, external)) / 2 ** 20;
};

/** The `p`th percentile of `values` by nearest rank. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/**
 * Runs a benchmark's `main`, then its `cleanup` whatever happened, and ends the process: 1 when
 * `main` failed (the error printed), else 0. Servers a benchmark leaves open cannot keep it alive.
 */
export const runBench = async (main: () => Promise<void>, cleanup: () => Promise<void> = async () => {}) => {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
  process.exit(process.exitCode ?? 0);
};
