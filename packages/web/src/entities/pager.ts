/** Page sizes offered (spec 001 §9: 5, 10, the default, 25, 50, 100). */
export const defaultPageSize = 20;
export const pageSizes = [5, 10, defaultPageSize, 25, 50, 100];

/** At most 10 page numbers around the current page (spec 000 §9). */
export function pageNumbers(current: number, pages: number, max = 10): number[] {
  if (pages <= 0) return [];
  const count = Math.min(max, pages);
  let first = Math.max(1, current - Math.floor(count / 2));
  first = Math.min(first, pages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** First and last buttons appear past 10 pages. */
export const showFirstLast = (pages: number) => pages > 10;

export const pageCount = (size: number, pageSize: number) => Math.max(1, Math.ceil(size / pageSize));
