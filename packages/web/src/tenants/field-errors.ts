import { ApiFailure } from '../app/api/api-failure.ts';

/** A failure's message and the field it names, as a path (`[0].cron` → `[0, 'cron']`). */
export interface FieldError {
  message: string;
  path?: (string | number)[];
}

/** The catalogue's templates name the field after these words (packages/model errors.ts). */
const fieldPatterns = [
  /for field (\S+?)(?: \(|$)/,
  /^Invalid field (\S+) in /,
  /^Missing field (\S+) in /,
  /^Field (\S+) (?:must|is)/,
  /^Body array (\S+) must/,
];

/** `[0].cron` → `[0, 'cron']`; `options.maxDocumentSize` → `['options', 'maxDocumentSize']`. */
export function fieldPath(field: string): (string | number)[] {
  return field
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** What the server refused, and in which field when its message names one. */
export function fieldErrorOf(error: unknown): FieldError {
  if (!(error instanceof ApiFailure)) return { message: String((error as Error)?.message ?? error) };
  const message = error.body.message ?? error.message;
  for (const pattern of fieldPatterns) {
    const field = pattern.exec(message)?.[1];
    if (field && field !== 'body') return { message, path: fieldPath(field) };
  }
  return { message };
}
