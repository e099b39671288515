import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { dayIn } from '@lbo/model/values/dates';
import type { Tx } from '../db/database.ts';
import { createIn, mustFindRow, updateIn, type Caller } from '../entities/crud.operation.ts';
import { findOne, toDocument, type Doc } from '../entities/storage.ts';
import { answersOf, templateFor } from './inspection-templates.ts';

export const inspectionKind = entityByName('Inspection')!;
const maintenanceKind = entityByName('Maintenance')!;
const claimKind = entityByName('Claim')!;
const assetKind = entityByName('Asset')!;

/** What a failed inspection may open: a maintenance (repair it) or a claim (someone else pays for it). */
export const followUps = {
  maintenance: { kind: maintenanceKind, link: 'maintenanceRegistration', code: 'OPEN_MAINTENANCE' },
  claim: { kind: claimKind, link: 'claimRegistration', code: 'OPEN_CLAIM' },
} as const;
export type FollowUp = keyof typeof followUps;

interface Answer {
  question?: string;
  answer?: string;
  comment?: string;
}

/** The questions answered NOK, with their comments: what the follow-up is about. */
const findings = (doc: Doc) =>
  ((Array.isArray(doc.answers) ? doc.answers : []) as Answer[])
    .filter((a) => a.answer === 'NOK')
    .map((a) => `${a.question}${a.comment ? `: ${a.comment}` : ''}`)
    .join('\n');

/**
 * Opens a maintenance or a claim from a FAILED or ACTION_REQUIRED inspection, in one transaction:
 * the new record names the inspection, the inspection names it back, both with their History
 * rows (the inspection's action OPEN_MAINTENANCE or OPEN_CLAIM). Once per inspection and kind.
 */
export async function openFollowUp(tx: Tx, caller: Caller, id: string, what: FollowUp) {
  const { kind, link, code } = followUps[what];
  const row = await mustFindRow(tx, caller, inspectionKind, id, true);
  const inspection = toDocument(row);
  const refuse = (reason: string) =>
    new ApiError('TRANSITION_REJECTED', [code, inspectionKind.name, row.registration, reason]);
  if (inspection.result !== 'FAILED' && inspection.result !== 'ACTION_REQUIRED')
    throw refuse(
      `its result is ${String(inspection.result ?? '(none)')}: only a FAILED or ACTION_REQUIRED one opens a follow-up`,
    );
  if (typeof inspection[link] === 'string' && inspection[link])
    throw refuse(`it has opened ${String(inspection[link])} already`);
  const about = findings(inspection);
  const name = `${what === 'claim' ? 'Claim' : 'Repair'} after inspection ${row.registration}`;
  const common = {
    name,
    assetRegistration: inspection.assetRegistration,
    inspectionRegistration: row.registration,
    ...(inspection.organization ? { organization: inspection.organization } : {}),
  };
  const asset = await findOne(tx, assetKind, caller.tenant, String(inspection.assetRegistration));
  const currency = asset?.data.currency;
  const body: Doc =
    what === 'maintenance'
      ? { ...common, type: 'CORRECTIVE', ...(currency ? { currency } : {}) }
      : {
          ...common,
          description: about || undefined,
          startDate: dayIn(inspection.date ? new Date(String(inspection.date)) : new Date(), caller.timeZone),
          ...(currency ? { currency } : {}),
        };
  const opened = await createIn(tx, caller, kind, body, {
    history: { details: `Opened by inspection ${row.registration}` },
  });
  const updated = await updateIn(
    tx,
    caller,
    inspectionKind,
    row,
    { [link]: opened.registration },
    { mode: 'merge', action: code, history: { details: `${kind.name} ${String(opened.registration)}` } },
  );
  return { inspection: updated, [what]: opened };
}

/** The checklist an inspection of this asset starts with: the template for its type (for the screen, before saving). */
export async function checklistFor(tx: Tx, caller: Caller, assetRegistration: string) {
  const asset = await findOne(tx, assetKind, caller.tenant, assetRegistration);
  if (!asset) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [assetKind.name, assetRegistration]);
  const template = await templateFor(tx, caller.tenant, asset.data.type);
  return { template: template?.name ?? null, answers: template ? answersOf(template) : [] };
}
