import { describe, expect, it } from 'vitest';
import { approvalRequestsKey, isApprovalRequestsKey, isCatalogueKey, keysOf } from './query-keys';

describe('keysOf', () => {
  it('takes the resource, its queries and what lies below it, as a string or an array key', () => {
    expect(isCatalogueKey('/components')).toBe(true);
    expect(isCatalogueKey('/components?query=relay&limit=10')).toBe(true);
    expect(isCatalogueKey('/components/42/versions')).toBe(true);
    expect(isCatalogueKey(['/components?limit=10', { facets: true }])).toBe(true);
    expect(isApprovalRequestsKey(approvalRequestsKey('pending'))).toBe(true);
  });

  it('leaves other resources that merely begin with the same letters', () => {
    expect(keysOf('/imports/ab')('/imports/abc?offset=0')).toBe(false);
    expect(isCatalogueKey('/component-options')).toBe(false);
    expect(isCatalogueKey('/stats')).toBe(false);
    expect(isCatalogueKey(null)).toBe(false);
  });
});
