import { describe, expect, it } from 'vitest';
import { Scratch } from './scratch';

describe('Scratch', () => {
  it('lends distinct arrays within a search and the same memory again after it ends', () => {
    const scratch = new Scratch();
    const a = scratch.int32(1000);
    const b = scratch.uint32(1000);
    expect(a.buffer).not.toBe(b.buffer);
    expect(a.length).toBe(1000);
    expect(b.length).toBe(1000);
    scratch.returnAll();
    const again = scratch.int32(900);
    expect([a.buffer, b.buffer]).toContain(again.buffer);
    expect(again.length).toBe(900);
  });

  it('lends a larger array when none kept is large enough', () => {
    const scratch = new Scratch();
    const small = scratch.int32(10);
    scratch.returnAll();
    const large = scratch.int32(100_000);
    expect(large.buffer).not.toBe(small.buffer);
    expect(large.length).toBe(100_000);
  });

  it('keeps at most 24 MiB between searches', () => {
    const scratch = new Scratch();
    const lent = Array.from({ length: 5 }, () => scratch.int32(2 ** 20)); // 4 MiB each
    scratch.returnAll();
    const huge = scratch.int32(8 * 2 ** 20); // 32 MiB: over what is kept
    scratch.returnAll();
    // The 32 MiB buffer is not kept; the five 4 MiB ones are.
    const next = scratch.int32(2 ** 20);
    expect(lent.map((array) => array.buffer)).toContain(next.buffer);
    expect(next.buffer).not.toBe(huge.buffer);
    const bigAgain = scratch.int32(8 * 2 ** 20);
    expect(bigAgain.buffer).not.toBe(huge.buffer);
  });
});
