import { translatedErrorMessage } from './error-text.ts';
import type { ApiFailure } from './api-failure.ts';

/** What the client shows for a failed call (spec 000 §8). */
export interface Notice {
  level: 'success' | 'info' | 'warning' | 'error';
  message: string;
  description?: string;
  /** Seconds; errors stay 15 s. */
  duration?: number;
}

export const offlineText = 'You are in offline mode, some features requiring network connectivity are not available.';
export const networkErrorText = 'Network error: Check your internet connection';
export const oopsText = 'Oops, something went wrong';
export const conflictText = 'Someone else changed this record: reload it to see their changes';

/** Answers of a save over a newer version of the record (body `_version` or `If-Match`). */
const conflictCodes = new Set(['VERSION_CONFLICT', 'PRECONDITION_FAILED']);

/** The catalogue text of an answer: its message, or its `errors` list joined, plus the status in parentheses. */
export function failureText(failure: ApiFailure): string {
  const { errors, message } = failure.body;
  const text =
    Array.isArray(errors) && errors.length
      ? errors.map(errorItemText).join(', ')
      : translatedErrorMessage(failure.body.code, message ?? failure.body.error ?? '');
  return `${text} (${failure.status})`;
}

function errorItemText(item: unknown): string {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object' && 'message' in item) {
    const { code, message } = item as { code?: unknown; message: unknown };
    return translatedErrorMessage(code, String(message));
  }
  return JSON.stringify(item);
}

/**
 * 499 → its message as a warning; a save over someone else's newer version → a warning saying
 * so, with the server's message; 409 with a rejectionReason → the reason as a warning; an
 * errors list → joined, shown 15 s; a network error → the offline or the network text; any
 * other → "Oops, something went wrong" with the detail. 401 is handled by the session.
 */
export function errorNotice(failure: ApiFailure, online: boolean): Notice {
  if (failure.isNetworkError)
    return online
      ? { level: 'error', message: networkErrorText, duration: 15 }
      : { level: 'warning', message: offlineText };
  const { errors, rejectionReason, message } = failure.body;
  if (failure.status === 499) return { level: 'warning', message: message ?? failureText(failure) };
  if (conflictCodes.has(String(failure.code)))
    return { level: 'warning', message: conflictText, description: failureText(failure), duration: 15 };
  if (failure.status === 409 && rejectionReason) return { level: 'warning', message: String(rejectionReason) };
  if (Array.isArray(errors) && errors.length) return { level: 'error', message: failureText(failure), duration: 15 };
  return { level: 'error', message: oopsText, description: failureText(failure), duration: 15 };
}
