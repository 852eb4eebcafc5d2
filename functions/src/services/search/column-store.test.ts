import { describe, expect, it } from 'vitest';
import { Random } from '../../../../scripts/seed/demo-catalogue';
import { SlotsById } from './column-store';

describe('SlotsById', () => {
  it('answers as a map does, for ids in turn, far-off ids and ids that are not whole numbers', () => {
    const random = new Random(7);
    const slots = new SlotsById();
    const model = new Map<number, number>();
    const pickId = () => {
      const kind = random.int(0, 9);
      if (kind < 6) return random.int(0, 3000);
      if (kind < 8) return random.int(1, 3) * 1_000_000_000 + random.int(0, 5);
      return kind === 8 ? -random.int(1, 5) : random.int(0, 50) + 0.5;
    };
    for (let step = 0; step < 20_000; step++) {
      const id = pickId();
      if (random.chance(0.3)) {
        slots.delete(id);
        model.delete(id);
      } else {
        slots.set(id, step);
        model.set(id, step);
      }
      const probe = pickId();
      expect(slots.get(probe)).toBe(model.get(probe));
      expect(slots.has(probe)).toBe(model.has(probe));
    }
    for (const [id, slot] of model) expect(slots.get(id)).toBe(slot);
  });
});
