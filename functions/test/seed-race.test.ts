import { describe, expect, it } from 'vitest';
import { getAllComponents } from '#repositories/components';
import { getSeedState } from '#repositories/seeds';
import { generateDemoCatalogue } from '../../scripts/seed/demo-catalogue';
import { seedCatalogue } from '../../scripts/seed/seed-catalogue';
import { useTestStack } from '../../scripts/test/stack';

/*
 * Two starts seeding the same table at once (one claims the seed, the other finds the claim):
 * the catalogue holds every part once, under one block of ids, and the seed ends complete.
 */
useTestStack();

describe('the demo catalogue seed, twice at once', () => {
  it('writes every part once', async () => {
    const count = 120;
    const results = await Promise.all([seedCatalogue({ count, seed: 5 }), seedCatalogue({ count, seed: 5 })]);
    expect(results.filter((result) => result.created > 0).length).toBeGreaterThanOrEqual(1);

    const state = await getSeedState('catalogue');
    expect(state).toMatchObject({ status: 'complete', count, seed: 5 });
    const all = await getAllComponents();
    const firstId = state!.firstId!;
    expect(all.map((component) => component.id)).toEqual(Array.from({ length: count }, (_, index) => firstId + index));
    expect(all.map((component) => component.reference)).toEqual(
      [...generateDemoCatalogue(count, 5)].map((part) => part.fields.reference),
    );
    expect(await seedCatalogue()).toEqual({ created: 0, resumed: false });
  });
});
