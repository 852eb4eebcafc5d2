import { describe, expect, it } from 'vitest';
import { useOfflineDynamo } from '../../../scripts/test/offline-dynamo';
import { requestReviewItems, type StoredRequest } from './approval-requests';
import { classChangeNotStarted, classChangeProgress, classChangeRelease, classListUpdate } from './classes';

/* Offline: the class list's writes as built, without a database. */
useOfflineDynamo();

describe('the class list', () => {
  it('is written first only where none is kept, then only over the revision the change started from', () => {
    expect(classListUpdate(['Relay'], 0, 'now').Update).toMatchObject({
      Key: { pk: 'CLASSES#list', sk: 'META' },
      ConditionExpression: 'attribute_not_exists(revision)',
      ExpressionAttributeValues: { ':classes': ['Relay'], ':next': 1 },
    });
    const later = classListUpdate(['Relay', 'Sensor'], 4, 'now').Update!;
    expect(later.ConditionExpression).toBe('revision = :expected');
    expect(later.ExpressionAttributeValues).toMatchObject({ ':expected': 4, ':next': 5 });
  });
});

describe('the class change under way', () => {
  it('counts moved parts, and ends, only for the request that holds it', () => {
    expect(classChangeProgress('REQ1', 45).Update).toMatchObject({
      Key: { pk: 'CLASSES#change', sk: 'META' },
      UpdateExpression: 'ADD moved :moved',
      ConditionExpression: 'requestId = :id',
      ExpressionAttributeValues: { ':moved': 45, ':id': 'REQ1' },
    });
    expect(classChangeRelease('REQ1').Delete).toMatchObject({
      Key: { pk: 'CLASSES#change', sk: 'META' },
      ConditionExpression: 'requestId = :id',
    });
  });

  it('keeps a class change whose parts started moving from being rejected or withdrawn, never an approval', () => {
    const request = { id: 'REQ1', requestType: 'class', userId: 'U1' } as StoredRequest;
    const review = { reviewedBy: 'a', reviewedByUserId: 'A', reviewNotes: null, reviewedAt: 'now' };
    expect(requestReviewItems(request, { ...review, status: 'rejected' })).toContainEqual(
      classChangeNotStarted('REQ1'),
    );
    expect(requestReviewItems(request, { ...review, status: 'withdrawn' })).toContainEqual(
      classChangeNotStarted('REQ1'),
    );
    expect(requestReviewItems(request, { ...review, status: 'approved' }).some((item) => item.ConditionCheck)).toBe(
      false,
    );
    expect(classChangeNotStarted('REQ1').ConditionCheck!.ConditionExpression).toBe(
      'attribute_not_exists(pk) OR requestId <> :id',
    );
  });
});
