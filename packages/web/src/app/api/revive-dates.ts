/**
 * Response date strings become Date objects (spec 000 §7). Only instants (a time and a zone)
 * are revived: a day (`2024-03-15`) stays a string, so that it never shifts across time zones
 * and is sent back exactly as it came.
 */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export function reviveDates(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && instantPattern.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date;
  }
  return value;
}

export const parseJson = (text: string): unknown => (text === '' ? undefined : JSON.parse(text, reviveDates));
