/**
 * The data of answers recorded from the real APIs (functions/test/fixtures/distributors, sources
 * in its README), for the listed products that have one: the emulator answers their parameters,
 * lifecycle, stock and prices as the distributor did, while its file links stay local.
 */
import { readFileSync } from 'node:fs';
import type { EmulatedProvider } from './products.ts';

/** What a recorded product says beyond its files and links, per distributor. */
const dataFields: Record<EmulatedProvider, readonly string[]> = {
  digikey: [
    'Description',
    'Parameters',
    'ProductStatus',
    'Discontinued',
    'EndOfLife',
    'Series',
    'QuantityAvailable',
    'UnitPrice',
    'Category',
    'ProductVariations',
  ],
  mouser: [
    'Description',
    'LifecycleStatus',
    'SuggestedReplacement',
    'ProductAttributes',
    'PriceBreaks',
    'Availability',
    'AvailabilityInStock',
    'UnitWeightKg',
    'Category',
    'ROHSStatus',
  ],
};

const cache = new Map<string, Record<string, unknown>>();

/** The recorded product's data fields; its first product (Digi-Key) or part (Mouser). */
export const recordedData = (fixture: string, provider: EmulatedProvider): Record<string, unknown> => {
  const key = `${provider}:${fixture}`;
  const known = cache.get(key);
  if (known) return known;
  const answer = JSON.parse(
    readFileSync(new URL(`../../../functions/test/fixtures/distributors/${fixture}.json`, import.meta.url), 'utf8'),
  ) as { body: Record<string, unknown> };
  const body = answer.body as {
    Product?: Record<string, unknown>;
    Products?: Record<string, unknown>[];
    SearchResults?: { Parts?: Record<string, unknown>[] };
  };
  const product =
    (provider === 'digikey' ? (body.Product ?? body.Products?.[0]) : body.SearchResults?.Parts?.[0]) ?? {};
  const data = Object.fromEntries(
    dataFields[provider].filter((name) => name in product).map((name) => [name, product[name]]),
  );
  cache.set(key, data);
  return data;
};
