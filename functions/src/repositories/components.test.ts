import { describe, expect, it } from 'vitest';
import { useOfflineDynamo } from '../../../scripts/test/offline-dynamo';
import { componentDelete, componentLiveCheck, componentMergeMark, componentPut, componentUpdate } from './components';

/* Offline: the component writes as built, without a database. */
useOfflineDynamo();

describe('componentUpdate', () => {
  it('sets the changed fields, removes the cleared ones, moves the version on from the one read', () => {
    const { Update } = componentUpdate(
      42,
      { description: 'New text', voltage: 230, manufacturer: null },
      { expectedVersion: 6, updatedAt: '2025-03-01T00:00:00.000Z' },
    );
    expect(Update!.Key).toEqual({ pk: 'COMP#42', sk: 'META' });
    expect(Update!.ConditionExpression).toBe('#version = :expected AND attribute_not_exists(mergedInto)');
    expect(Update!.UpdateExpression).toBe(
      'SET #version = :next, #updatedAt = :updatedAt, #f0 = :v0, #f1 = :v1 REMOVE #f2',
    );
    expect(Update!.ExpressionAttributeNames).toEqual({
      '#version': 'version',
      '#updatedAt': 'updatedAt',
      '#f0': 'description',
      '#f1': 'voltage',
      '#f2': 'manufacturer',
    });
    expect(Update!.ExpressionAttributeValues).toEqual({
      ':expected': 6,
      ':next': 7,
      ':updatedAt': '2025-03-01T00:00:00.000Z',
      ':v0': 'New text',
      ':v1': 230,
    });
  });

  it('keeps the reference index with the reference, and refuses what is not a component field', () => {
    const { Update } = componentUpdate(7, { reference: '3RT2015-1BB41' }, { expectedVersion: 1, updatedAt: 'now' });
    expect(Update!.UpdateExpression).toContain('gsi1sk = :v0');
    expect(() => componentUpdate(7, { pk: 'COMP#8' } as never, { expectedVersion: 1, updatedAt: 'now' })).toThrow(
      RangeError,
    );
    expect(() => componentUpdate(7, { reference: null }, { expectedVersion: 1, updatedAt: 'now' })).toThrow(RangeError);
  });

  it('stores a lifecycle with its confirmation, and an unknown one as none', () => {
    const confirmed = componentUpdate(
      7,
      { lifecycle: 'obsolete', lifecycleConfirmedAt: '2026-03-02T10:00:00.000Z', lifecycleSource: 'person: Ada' },
      { expectedVersion: 1, updatedAt: 'now' },
    ).Update!;
    expect(confirmed.UpdateExpression).toBe(
      'SET #version = :next, #updatedAt = :updatedAt, #f0 = :v0, #f1 = :v1, #f2 = :v2',
    );
    expect(Object.values(confirmed.ExpressionAttributeNames!)).toEqual(
      expect.arrayContaining(['lifecycle', 'lifecycleConfirmedAt', 'lifecycleSource']),
    );
    const unknown = componentUpdate(
      7,
      { lifecycle: 'unknown', lifecycleConfirmedAt: null, lifecycleSource: null },
      { expectedVersion: 1, updatedAt: 'now' },
    ).Update!;
    expect(unknown.UpdateExpression).toBe('SET #version = :next, #updatedAt = :updatedAt REMOVE #f0, #f1, #f2');
    const put = componentPut({ id: 9, reference: 'R', class: 'Relay', version: 1, lifecycle: 'unknown' } as never);
    expect(put.Put!.Item).not.toHaveProperty('lifecycle');
  });

  it('puts a new component only where none is, and deletes only one that exists', () => {
    const put = componentPut(
      {
        id: 9,
        reference: 'R',
        class: 'Relay',
        version: 1,
        createdAt: 'now',
        updatedAt: 'now',
        manufacturer: null,
      } as never,
      { mustBeNew: true },
    );
    expect(put.Put).toMatchObject({
      Item: { pk: 'COMP#9', sk: 'META', gsi1pk: 'COMPONENTS', gsi1sk: 'R' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(put.Put!.Item).not.toHaveProperty('manufacturer');
    expect(componentDelete(9).Delete).toMatchObject({
      Key: { pk: 'COMP#9', sk: 'META' },
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(mergedInto)',
    });
  });
});

describe('a merged part', () => {
  it('is marked only while it is at the version read and not merged yet, and leaves the reference index', () => {
    const { Update } = componentMergeMark(5, { intoId: 9, expectedVersion: 3, mergeVersion: 8, mergedAt: 'now' });
    expect(Update).toMatchObject({
      Key: { pk: 'COMP#5', sk: 'META' },
      UpdateExpression: 'SET mergedInto = :into, mergeVersion = :mergeVersion, mergedAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'version = :expected AND attribute_not_exists(mergedInto)',
      ExpressionAttributeValues: { ':into': 9, ':mergeVersion': 8, ':at': 'now', ':expected': 3 },
    });
  });

  it('takes nothing more beside it: a comment or an attachment checks the part is there and not merged', () => {
    expect(componentLiveCheck(5).ConditionCheck).toMatchObject({
      Key: { pk: 'COMP#5', sk: 'META' },
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(mergedInto)',
    });
  });
});
