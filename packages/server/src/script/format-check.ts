import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import type { Tx } from '../db/database.ts';
import { oncePerTransaction } from '../db/transaction-memo.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import { defaultCodeOf } from './default-scripts.ts';
import { runInSandbox, type SandboxLimits } from './sandbox.ts';
import { findScript } from './script-runs.ts';
import { writeScriptLogsIn } from './script-logs.ts';

export const REGISTRATION_FORMAT_CHECK = 'personRegistration-format-check';

/** What a check answered, read as the web reads it (web script/format-check.ts): a message, or null when it passes. */
function refusalOf(answer: unknown): { field?: string; message: string } | null {
  if (answer === null || answer === undefined || answer === true || answer === '') return null;
  if (answer === false) return { message: 'Invalid format' };
  if (typeof answer === 'string') return { message: answer };
  if (typeof answer === 'object') {
    const { valid, message, field } = answer as { valid?: unknown; message?: unknown; field?: unknown };
    if (valid === true) return null;
    const named = typeof field === 'string' && field ? field : undefined;
    if (typeof message === 'string' && message) return { field: named, message };
    if (valid === false) return { field: named, message: 'Invalid format' };
  }
  return null;
}

/**
 * The tenant's `personRegistration-format-check`, run on every identifier of a person or
 * prospect the caller writes (the `personRegistrations` write hooks, after the person module's
 * own checks), with what the form gives it: `{ type, number, registration, personType, index,
 * registrations }`. A refusal refuses the write, naming the field. The script has no `lbo`
 * here (it would need a second connection inside the write's transaction); its console lines are
 * written with the write. The shipped script accepts every number, so while the tenant has not
 * edited it no engine is started.
 */
export function registrationFormatCheck(limits: SandboxLimits) {
  return async (tx: Tx, caller: Caller, _entity: Entity, doc: Doc): Promise<void> => {
    const rows = Array.isArray(doc.registrations) ? (doc.registrations as Doc[]) : [];
    if (!rows.length) return;
    // Once per transaction: an import's chunk checks a thousand persons.
    const script = await oncePerTransaction(tx, `script:${REGISTRATION_FORMAT_CHECK}`, () =>
      findScript(tx, caller.tenant, REGISTRATION_FORMAT_CHECK),
    );
    if (!script || script.enabled === false || typeof script.code !== 'string') return;
    if (script.code === defaultCodeOf(REGISTRATION_FORMAT_CHECK)) return;
    for (const [index, row] of rows.entries()) {
      const type = String(row.type ?? '');
      const number = String(row.number ?? '');
      const outcome = await runInSandbox({
        name: REGISTRATION_FORMAT_CHECK,
        code: script.code,
        context: {
          type,
          number,
          registration: `${type}${number}`,
          personType: doc.type ?? null,
          index,
          registrations: rows,
        },
        limits,
      });
      await writeScriptLogsIn(tx, caller, { scriptName: REGISTRATION_FORMAT_CHECK }, outcome.logs);
      if (outcome.error) throw outcome.error;
      const refusal = refusalOf(outcome.result);
      if (refusal)
        throw new ApiError('FORMAT_CHECK_REFUSED', [
          refusal.field ?? `registrations[${index}].number`,
          refusal.message,
        ]);
    }
  };
}
