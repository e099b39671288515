import type { ScriptRun } from './script-runner.ts';

/**
 * Format checks (spec 002 §5): the tenant's `personRegistration-format-check` script is given
 * each identifier as `{ type, number, registration, personType, index, registrations }` and
 * answers whether its number is well formed. The server runs the same code before it saves
 * (docs/scripts.md), so the form only says earlier what the save would refuse.
 */
export const registrationFormatCheck = 'personRegistration-format-check';
export const invalidFormat = 'Invalid format';

/**
 * The message of a check's answer: nothing (`null`, `undefined`, `true`, `''`) passes; `false`
 * is "Invalid format"; a text is the message; `{ valid, message }` says both. A script that fails
 * gives no verdict here: the server's answer on save is the one that counts.
 */
export function formatCheckVerdict(run: ScriptRun): string | null {
  if (run.error) return null;
  const answer = run.result;
  if (answer === null || answer === undefined || answer === true || answer === '') return null;
  if (answer === false) return invalidFormat;
  if (typeof answer === 'string') return answer;
  if (typeof answer === 'object') {
    const { valid, message } = answer as { valid?: unknown; message?: unknown };
    if (valid === true) return null;
    if (typeof message === 'string' && message) return message;
    if (valid === false) return invalidFormat;
  }
  return null;
}
