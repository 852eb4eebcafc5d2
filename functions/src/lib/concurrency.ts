export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` over `inputs`, at most `concurrency` at a time. After a failure no new input is
 * started, and the first error is thrown only once the calls in flight have settled, so the
 * caller never goes on while writes it no longer waits for still land.
 */
export const inParallel = async <T, R>(
  inputs: readonly T[],
  concurrency: number,
  work: (input: T) => Promise<R>,
): Promise<R[]> => {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < inputs.length) {
      const index = next++;
      try {
        results[index] = await work(inputs[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, inputs.length) }, worker));
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
};

export const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};
