import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogueSearch, catalogueSearch, loadSearchIndexAtInit, resetCatalogueSearch } from './catalogue-search';
import { SearchIndex } from './search-index';

describe('loading the search index at init', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetCatalogueSearch();
  });

  it('loads it while a Lambda function initialises, so the first request finds it loaded', async () => {
    const loaded = SearchIndex.build([]);
    const current = vi.spyOn(CatalogueSearch.prototype, 'current').mockResolvedValue(loaded);
    await loadSearchIndexAtInit({ AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' });
    expect(current).toHaveBeenCalledTimes(1);
    expect(current.mock.contexts[0]).toBe(catalogueSearch());
  });

  it('leaves it to the first request on the local server and in tests', async () => {
    const current = vi.spyOn(CatalogueSearch.prototype, 'current');
    await loadSearchIndexAtInit({});
    expect(current).not.toHaveBeenCalled();
  });

  it('lets the function start when the load fails (the first request loads it)', async () => {
    vi.spyOn(CatalogueSearch.prototype, 'current').mockRejectedValue(new Error('DynamoDB unreachable'));
    await expect(loadSearchIndexAtInit({ AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' })).resolves.toBeUndefined();
  });
});
