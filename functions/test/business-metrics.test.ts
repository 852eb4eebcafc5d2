import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { signedInClient } from './support';

/* The approval flow emits its business metrics (EMF lines on stdout, on Lambda). */

useTestStack();
const api = useTestApi();

/** The business metrics written while `action` runs: `{ RequestsSubmitted: 1, ... }` per EMF line. */
const metricsDuring = async (action: () => Promise<void>): Promise<Record<string, unknown>[]> => {
  const lines: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    if (String(chunk).includes('"_aws"')) lines.push(String(chunk));
    else return original(chunk, ...rest);
    return true;
  }) as typeof process.stdout.write);
  try {
    await action();
  } finally {
    spy.mockRestore();
  }
  return lines
    .flatMap((chunk) => chunk.split('\n').filter((line) => line.includes('"_aws"')))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('business metrics', () => {
  it('counts a submitted request, then its approval or rejection, with the request type', async () => {
    const user = await signedInClient(api, 'user');
    const admin = await signedInClient(api, 'admin');
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'ComponentHub-test-Api');

    const ids: string[] = [];
    const submitted = await metricsDuring(async () => {
      for (const reference of [`METRIC-A-${Date.now()}`, `METRIC-B-${Date.now()}`]) {
        const answer = await user.post<{ requestId: string }>('/api/components', {
          reference,
          class: 'Relay',
          manufacturer: 'ABB',
        });
        expect(answer.status).toBe(201);
        ids.push(answer.body.requestId);
      }
    });
    expect(submitted).toHaveLength(2);
    for (const doc of submitted)
      expect(doc).toMatchObject({ RequestsSubmitted: 1, requestType: 'new', service: 'component-hub' });

    const reviewed = await metricsDuring(async () => {
      expect(
        (await admin.patch<ApprovalRequest>(`/api/approval-requests/${ids[0]}`, { status: 'approved' })).status,
      ).toBe(200);
      expect(
        (
          await admin.patch<ApprovalRequest>(`/api/approval-requests/${ids[1]}`, {
            status: 'rejected',
            reviewNotes: 'duplicate',
          })
        ).status,
      ).toBe(200);
    });
    expect(reviewed).toEqual([
      expect.objectContaining({ RequestsApproved: 1, requestType: 'new', approvalRequestId: ids[0] }),
      expect.objectContaining({ RequestsRejected: 1, requestType: 'new', approvalRequestId: ids[1] }),
    ]);

    // A review that fails (already reviewed) counts nothing.
    const again = await metricsDuring(async () => {
      expect((await admin.patch(`/api/approval-requests/${ids[0]}`, { status: 'rejected' })).status).toBe(409);
    });
    expect(again).toEqual([]);
  });
});
