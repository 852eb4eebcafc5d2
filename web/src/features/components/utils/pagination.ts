/** Component list: at most this many numbered page buttons on a wide screen. */
export const MAX_PAGE_BUTTONS = 5;

/** Total pages: the total divided by the page size, rounded up. */
export const pageCount = (total: number, pageSize: number): number => (total > 0 ? Math.ceil(total / pageSize) : 0);

/** 'Showing X to Y of Z results': the 1-based positions of a page's first and last results. */
export const shownRange = (total: number, page: number, pageSize: number): { from: number; to: number } => {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
};

export type PageItem = number | 'gap-before' | 'gap-after';

/**
 * The wide-screen pager's items: every page when there are at most 5; otherwise 5 numbered
 * pages around the current one, an ellipsis and the last page. Away from the start, the first
 * page and an ellipsis lead the row as well, so the current page is always among the buttons.
 */
export const pageItems = (page: number, pages: number, maxButtons = MAX_PAGE_BUTTONS): PageItem[] => {
  if (pages <= maxButtons) return Array.from({ length: pages }, (_, i) => i + 1);
  const current = Math.min(Math.max(page, 1), pages);
  const start = Math.min(Math.max(current - Math.floor(maxButtons / 2), 1), pages - maxButtons + 1);
  const end = start + maxButtons - 1;
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap-before');
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < pages - 1) items.push('gap-after');
  if (end < pages) items.push(pages);
  return items;
};
