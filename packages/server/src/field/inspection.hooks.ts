import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import { findOne, type Doc } from '../entities/storage.ts';
import { answersOf, templateFor } from './inspection-templates.ts';

const assetKind = entityByName('Asset')!;

interface Answer {
  question?: string;
  answerType?: string;
  mandatory?: boolean;
  answer?: string;
  comment?: string;
}

const given = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const okNokNa = new Set(['OK', 'NOK', 'NA']);

/** An answer as its type wants it: OK, NOK or NA; a decimal number; any text. */
function checkAnswers(answers: Answer[]): void {
  answers.forEach((a, i) => {
    if (!given(a.answer)) return;
    const answer = String(a.answer).trim();
    const wrong =
      (a.answerType === 'OK_NOK_NA' && !okNokNa.has(answer)) ||
      (a.answerType === 'NUMBER' && !/^-?\d+(\.\d+)?$/.test(answer));
    if (wrong) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(answer).slice(0, 80), `answers[${i}].answer`]);
  });
}

/** The first mandatory question left unanswered, as the field to name. */
export function firstUnanswered(answers: Answer[]): string | undefined {
  const i = answers.findIndex((a) => a.mandatory && !given(a.answer));
  return i < 0 ? undefined : `answers[${i}].answer`;
}

/** The asset inspected, in the caller's tenant (another tenant's is not found). */
async function assetOf(tx: Tx, caller: Caller, registration: unknown): Promise<Doc> {
  const row = await findOne(tx, assetKind, caller.tenant, String(registration));
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [assetKind.name, String(registration)]);
  return row.data;
}

/**
 * An inspection's checklist: when the asset is chosen and no answers are given, its questions
 * come from the tenant's template for the asset's type; answers are checked against their type;
 * a result is taken only once every mandatory question is answered.
 */
async function complete(tx: Tx, caller: Caller, doc: Doc, before?: Doc): Promise<Doc> {
  let out = doc;
  const assetChanged = !before || before.assetRegistration !== doc.assetRegistration;
  const answers = (Array.isArray(doc.answers) ? doc.answers : []) as Answer[];
  if (given(doc.assetRegistration) && assetChanged) {
    const asset = await assetOf(tx, caller, doc.assetRegistration);
    if (!answers.length) {
      const template = await templateFor(tx, caller.tenant, asset.type);
      if (template) out = { ...out, template: template.name, answers: answersOf(template) };
    }
  }
  const filled = (Array.isArray(out.answers) ? out.answers : []) as Answer[];
  checkAnswers(filled);
  if (given(out.result)) {
    const missing = firstUnanswered(filled);
    if (missing) throw new ApiError('MISSING_FIELD_IN_BODY', [missing]);
  }
  if (!given(out.inspector)) out = { ...out, inspector: caller.username };
  return out;
}

export const inspectionWriteHooks: WriteHooks = {
  beforeCreate: (tx, caller, _entity, doc) => complete(tx, caller, doc),
  beforeUpdate: (tx, caller, _entity, doc, before) => complete(tx, caller, doc, before),
};
