/**
 * What the test run sends, from what was typed: the query as a JSON object or as `a=1&b=2`,
 * the body as JSON; empty means none. A text that is neither answers the message to show.
 */
export type Parsed<T> = { value: T } | { error: string };

export function parseQuery(text: string): Parsed<Record<string, string> | undefined> {
  const trimmed = text.trim();
  if (!trimmed) return { value: undefined };
  if (trimmed.startsWith('{')) {
    const parsed = parseBody(trimmed);
    if ('error' in parsed) return parsed;
    const object = parsed.value;
    if (!object || typeof object !== 'object' || Array.isArray(object)) return { error: 'The query is not an object' };
    return {
      value: Object.fromEntries(
        Object.entries(object).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
    };
  }
  return { value: Object.fromEntries(new URLSearchParams(trimmed.replace(/^\?/, ''))) };
}

export function parseBody(text: string): Parsed<unknown> {
  const trimmed = text.trim();
  if (!trimmed) return { value: undefined };
  try {
    return { value: JSON.parse(trimmed) };
  } catch {
    return { error: 'This is not JSON' };
  }
}

/** A log line's time as the script logs show it (spec 000 §7: HH:mm:ss.SSS). */
export function logTime(iso: string): string {
  const match = /T(\d{2}:\d{2}:\d{2})(?:\.(\d{1,3}))?/.exec(iso);
  if (!match) return iso;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return `${match[1]}.${(match[2] ?? '0').padEnd(3, '0')}`;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
