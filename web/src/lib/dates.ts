/*
 * Dates as the app shows them: in the reader's locale and time zone, a date alone ('12 Mar 2026')
 * or with its time ('12 Mar 2026, 14:05'). An absent or unreadable date shows as nothing.
 */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const toDate = (value: string | number | Date | null | undefined): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A date without its time, e.g. in a table column. */
export const formatDate = (value: string | number | Date | null | undefined): string => {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
};

/** A date with its time. */
export const formatDateTime = (value: string | number | Date | null | undefined): string => {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
};
