import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRICS_NAMESPACE } from './metric-names';
import { recordMetric } from './metrics';

/** The EMF documents written to stdout while `fn` runs. */
const emfLines = (fn: () => void): Record<string, unknown>[] => {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('recordMetric', () => {
  it('writes one EMF document per call on Lambda, with the namespace, the service dimension and the details', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'ComponentHub-dev-Api-ApprovalsReview');
    const [doc, ...rest] = emfLines(() => recordMetric('RequestsApproved', 1, { requestType: 'edit' }));
    expect(rest).toEqual([]);
    expect(doc).toMatchObject({ RequestsApproved: 1, service: 'component-hub', requestType: 'edit' });
    const aws = doc!._aws as {
      CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
    };
    expect(aws.CloudWatchMetrics[0]).toEqual({
      Namespace: METRICS_NAMESPACE,
      Dimensions: [['service']],
      Metrics: [{ Name: 'RequestsApproved', Unit: 'Count' }],
    });
  });

  it('records counts other than one', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'import');
    const [doc] = emfLines(() => recordMetric('ImportedComponents', 250));
    expect(doc).toMatchObject({ ImportedComponents: 250 });
  });

  it('writes nothing to stdout off Lambda, or when Powertools metrics are disabled', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    expect(emfLines(() => recordMetric('RequestsSubmitted'))).toEqual([]);
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'fn');
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    expect(emfLines(() => recordMetric('RequestsSubmitted'))).toEqual([]);
  });
});
