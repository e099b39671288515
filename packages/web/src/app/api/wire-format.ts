/** What travels on the wire besides JSON bodies: query strings out, dates revived in. */

/** Values a query parameter may be given as. */
export type QueryValue = string | number | boolean | Date | null | undefined | (string | number)[];

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the YYYYMMDD day the list filters read. */
export const compactDay = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

/**
 * Spec 000 §5: query strings trim strings, join arrays with commas, format dates and drop
 * empty values. Brackets of `range=[0-19]` are kept readable.
 */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    let value: string;
    if (raw === undefined || raw === null) continue;
    if (raw instanceof Date) value = compactDay(raw);
    else if (Array.isArray(raw))
      value = raw
        .map((v) => String(v).trim())
        .filter(Boolean)
        .join(',');
    else value = String(raw).trim();
    if (value === '') continue;
    parts.push(
      `${encodeURIComponent(key)}=${encodeURIComponent(value).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',')}`,
    );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

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
