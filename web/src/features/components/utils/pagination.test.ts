import { describe, expect, it } from 'vitest';
import { pageCount, pageItems, shownRange } from './pagination';

describe('pager arithmetic', () => {
  it('counts pages as the total over the page size, rounded up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(300, 10)).toBe(30);
    expect(pageCount(301, 10)).toBe(31);
  });

  it("says which results a page shows: 'Showing X to Y of Z'", () => {
    expect(shownRange(300, 1, 10)).toEqual({ from: 1, to: 10 });
    expect(shownRange(300, 2, 10)).toEqual({ from: 11, to: 20 });
    expect(shownRange(295, 30, 10)).toEqual({ from: 291, to: 295 });
    expect(shownRange(7, 1, 10)).toEqual({ from: 1, to: 7 });
    expect(shownRange(0, 1, 10)).toEqual({ from: 0, to: 0 });
  });

  it('lists every page when there are at most 5', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows 5 numbered pages, then an ellipsis and the last page, when there are more', () => {
    expect(pageItems(1, 30)).toEqual([1, 2, 3, 4, 5, 'gap-after', 30]);
    expect(pageItems(3, 30)).toEqual([1, 2, 3, 4, 5, 'gap-after', 30]);
    // Six pages: the last one follows the five without a gap.
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the current page among the five as it moves through the middle and to the end', () => {
    expect(pageItems(4, 30)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 30]);
    expect(pageItems(12, 30)).toEqual([1, 'gap-before', 10, 11, 12, 13, 14, 'gap-after', 30]);
    expect(pageItems(27, 30)).toEqual([1, 'gap-before', 25, 26, 27, 28, 29, 30]);
    expect(pageItems(30, 30)).toEqual([1, 'gap-before', 26, 27, 28, 29, 30]);
    for (let page = 1; page <= 30; page += 1) {
      const numbers = pageItems(page, 30).filter((item) => typeof item === 'number');
      expect(numbers).toContain(page);
      expect(numbers).toContain(30);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(99, 30)).toEqual([1, 'gap-before', 26, 27, 28, 29, 30]);
    expect(pageItems(0, 30)).toEqual([1, 2, 3, 4, 5, 'gap-after', 30]);
  });
});
