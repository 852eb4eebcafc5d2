import { describe, expect, it } from 'vitest';
import type { ClassListAnswer } from '#shared/class-list';
import { messages } from '#shared/messages';
import type { ApprovalRequest, Version } from '#shared/schemas/approvals';
import type { Component, ComponentData } from '#shared/schemas/component';
import { getRequest } from '#repositories/approval-requests';
import { getClassChange } from '#repositories/classes';
import { createComponents, getComponents } from '#repositories/components';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { signIn, useFaultProxies } from './support';

/*
 * Approving a class rename while DynamoDB stops: it is suspended (the fault proxy's pause) the
 * moment the approval sends its first group of parts, so the reviewer gets a 503 within the
 * function's time, and the group lands after all once DynamoDB continues. Nothing is half
 * closed: the request still waits, the change is under way, and approving again moves the rest
 * without moving a part twice.
 */
const stack = useTestStack();
const api = useTestApi();
// The deployed timeouts, so the reviewer's call gives up (a 503) while the write is held, as on AWS.
const { dynamodb } = useFaultProxies(stack, ['dynamodb'], { timeouts: 'deployed' });
const LAMBDA_TIMEOUT_MS = 10_000;
/** Parts one transaction moves (45) and then some, so the change needs three groups. */
const PARTS = 100;

describe('a class rename whose first group of parts is written while DynamoDB is paused', () => {
  it('answers 503 in time, keeps the request pending and the change under way, and finishes when approved again', async () => {
    // Filed by one administrator and reviewed by another: nobody reviews their own request.
    const { client: filer } = await signIn(api, 'admin');
    const { client: admin } = await signIn(api, 'admin');
    const reference = `CLF${Date.now().toString(36).toUpperCase()}`;
    const parts = await createComponents(
      Array.from(
        { length: PARTS },
        (_, index) => ({ reference: `${reference}-${index}`, class: 'Clamp' }) as ComponentData,
      ),
      { username: 'test' },
    );
    const filed = await filer.post<{ requestId: string }>('/api/admin/classes', {
      action: 'rename',
      from: 'Clamp',
      to: 'Terminal clamp',
    });
    expect(filed.status).toBe(201);
    const { requestId } = filed.body;
    // The search index is loaded before the fault, so the approval's time goes to its writes.
    expect((await admin.get<ClassListAnswer>('/api/admin/classes')).body.classes).toContainEqual({
      name: 'Clamp',
      parts: PARTS,
      listed: true,
    });

    const started = Date.now();
    const suspended = dynamodb.pause('DynamoDB_20120810.TransactWriteItems');
    const answer = admin.patch<{ message: string }>(`/api/approval-requests/${requestId}`, { status: 'approved' });
    await suspended;
    const lost = await answer;
    expect(lost.status, JSON.stringify(lost.body)).toBe(503);
    expect(lost.body.message).toBe(messages.serviceUnavailable);
    expect(Date.now() - started).toBeLessThan(LAMBDA_TIMEOUT_MS);
    await dynamodb.resume();

    // The first group landed after its caller gave up; the rest did not start.
    const classes = async () => (await getComponents(parts.map((part) => part.id))).map((part) => part.class);
    const afterFault = await classes();
    expect(afterFault.filter((name) => name === 'Terminal clamp')).toHaveLength(45);
    expect(afterFault.filter((name) => name === 'Clamp')).toHaveLength(PARTS - 45);
    expect(await getClassChange()).toMatchObject({ requestId, moved: 45 });
    expect((await getRequest(requestId))!.status).toBe('pending');
    expect(
      (await admin.patch<{ message: string }>(`/api/approval-requests/${requestId}`, { status: 'rejected' })).body,
    ).toMatchObject({ message: messages.classChangeStarted });

    const finished = await admin.patch<ApprovalRequest>(`/api/approval-requests/${requestId}`, { status: 'approved' });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body.status).toBe('approved');
    expect(new Set(await classes())).toEqual(new Set(['Terminal clamp']));
    for (const part of parts) {
      const versions = (await admin.get<Version[]>(`/api/components/${part.id}/versions`)).body;
      expect(versions.map((version) => [version.versionNumber, version.changeDescription])).toEqual([
        [2, 'Class renamed from Clamp to Terminal clamp'],
        [1, 'Component created'],
      ]);
    }
    const found = (
      await admin.get<Component[]>(`/api/components?${new URLSearchParams({ query: reference, limit: '100' })}`)
    ).body;
    expect(found).toHaveLength(PARTS);
    expect(new Set(found.map((part) => part.class))).toEqual(new Set(['Terminal clamp']));
    const list = (await admin.get<ClassListAnswer>('/api/admin/classes')).body;
    expect(list).toMatchObject({ managed: true, applying: null, pending: [] });
    expect(list.classes.map((entry) => entry.name)).toEqual(['Terminal clamp']);
    expect(await getClassChange()).toBeUndefined();
  });
});
