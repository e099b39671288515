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
    else if (Array.isArray(raw)) value = raw.map((v) => String(v).trim()).filter(Boolean).join(',');
    else value = String(raw).trim();
    if (value === '') continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',')}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
