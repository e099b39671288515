import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import * as storage from '../entities/storage.ts';
import type { SideEffect } from '../workflow/side-effects.ts';
import { clientOf, dealScoreFields, scoreClient } from './scoring.operation.ts';

/**
 * The deal's workflow and its score (docs/scoring.md). On SUBMIT (`scoreDeal`) the client is
 * scored on the tenant's default card and the deal carries the score. On APPROVE
 * (`checkScoreDecision`) the score's decision is obeyed:
 * - APPROVE: the deal's approvers approve as before;
 * - REFER: only a committee (the product's system user, as the committees' votings call APPROVE)
 *   or an administrator approves;
 * - GUARANTOR: a guarantor is asked for; as for REFER, only a committee or an administrator
 *   approves, once the guarantee is in place (the spec's person roles have no guarantor);
 * - REFUSE: refused to every user; only a committee's decision overrides it.
 * A deal scored by no card (the tenant deleted them all) is approved as before.
 */

const personKind = entityByName('Person')!;

/** The committees' votings and the product's own jobs run transitions as `system`. */
const isCommittee = (caller: { username: string }) => caller.username === 'system';

export const scoreDeal: SideEffect = async ({ tx, caller, doc, today }) => {
  const person = clientOf(doc);
  // A deal naming no client the tenant holds is not scored (nor held back by a score).
  if (!person || !(await storage.findOne(tx, personKind, caller.tenant, person))) return doc;
  const stored = await scoreClient(tx, caller, today, { person, deal: doc });
  return stored ? { ...doc, ...dealScoreFields(stored) } : doc;
};

export const checkScoreDecision: SideEffect = ({ caller, doc, transition, entity }) => {
  const decision = doc.scoreDecision;
  if (!decision || decision === 'APPROVE' || isCommittee(caller)) return doc;
  const score = `score ${String(doc.scoreRegistration ?? '')} (total ${String(doc.scoreTotal ?? '')})`;
  let reason: string | undefined;
  if (decision === 'REFUSE') reason = `${score} decided REFUSE: only a credit committee may approve it`;
  else if (!caller.isAdmin && !caller.isMainAdmin && !caller.isSuperAdmin) {
    if (decision === 'REFER')
      reason = `${score} referred it to a credit committee: only the committee or an administrator may approve it`;
    if (decision === 'GUARANTOR')
      reason = `${score} asks for a guarantor: only the committee or an administrator may approve it, once the guarantee is in place`;
  }
  if (!reason) return doc;
  throw new ApiError('TRANSITION_REJECTED', [transition.code, entity.name, String(doc.registration), reason], {
    rejectionReason: reason,
    rejection: 'SCORE',
    transition: transition.code,
    scoreRegistration: doc.scoreRegistration,
    scoreDecision: decision,
  });
};
