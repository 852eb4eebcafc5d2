import { withAbsentValues, withDerivedNumbers, type Component } from '#shared/schemas/component';
import { generateDemoCatalogue } from '../seed/demo-catalogue.ts';

/** `count` generated parts as the catalogue stores them, ids from 1, all of one moment. */
export function* generatedParts(count: number, seed: number): Generator<Component> {
  const timestamp = '2026-01-01T00:00:00.000Z';
  let id = 0;
  for (const { fields } of generateDemoCatalogue(count, seed))
    yield withDerivedNumbers(
      withAbsentValues({ ...fields, id: ++id, version: 1, createdAt: timestamp, updatedAt: timestamp }),
    );
}
