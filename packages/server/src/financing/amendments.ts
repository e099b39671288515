/**
 * Amendments of a running contract (finance/contract-amendment.ts computes them): SUBMIT stores
 * the schedules before and after and the contract's schedule revision they were computed on;
 * APPLY locks the contract, refuses (409) when another amendment changed its schedules since,
 * computes again on the lines as they are now and replaces only the lines not yet invoiced, with
 * History rows, in the transition's transaction. An early termination also settles the contract
 * and ends it, its elements and its assets.
 */
import { contract as contractKind } from '@lbo/model/entities/financing/contract.entity';
import { contractElement as contractElementKind } from '@lbo/model/entities/financing/contract-element.entity';
import { product as productKind } from '@lbo/model/entities/financing/product.entity';
import { ApiError } from '@lbo/model/errors';
import { FinanceError } from '@lbo/model/finance/finance-errors';
import {
  previewAmendment,
  shownPreview,
  amendmentKinds,
  type AmendmentInput,
  type AmendmentKind,
  type AmendmentPreview,
  type ElementSchedule,
} from '@lbo/model/finance/contract-amendment';
import type { QuotationTerms, ScheduleLine } from '@lbo/model/finance/contract-schedule';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, RowOf } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { personWith } from '@lbo/model/values/parties';
import { refusal } from './transition-refusal.ts';
import { taxesOf } from './tenant-taxes.ts';
import { createIn, mustFindRow, updateIn } from '../entities/crud.operation.ts';
import { refreshCreditLineOf } from './credit-lines.ts';
import { endAssets, endElements } from './contract-end.ts';

type ContractRow = RowOf<typeof contractKind>;
type ElementRow = RowOf<typeof contractElementKind>;

const types: Record<string, AmendmentKind> = {
  ...Object.fromEntries(amendmentKinds.map((k) => [k, k])),
  RESCHEDULING: 'DURATION_CHANGE',
};

/** The contract's elements, rows and schedules, ordered as activation wrote them. */
async function elementsOf(
  tx: Tx,
  caller: Caller,
  contract: string,
): Promise<{ rows: ElementRow[]; schedules: ElementSchedule[] }> {
  const rows = (
    await storage.findByField(tx, contractElementKind, caller.tenant, 'contractRegistration', contract, 1000)
  ).filter((r) => r.status !== 'CANCELLED');
  const schedules = rows.map((r) => ({
    registration: r.registration,
    type: String(r.type ?? r.data.type),
    code: r.data.code ?? '',
    taxCode: r.data.taxCode ?? undefined,
    lines: (r.data.lines as ScheduleLine[] | undefined) ?? [],
  }));
  return { rows, schedules };
}

/** The amendment's new terms as the computation takes them; a bad one answers 400 naming its field. */
function amendmentInput(amendment: Doc, product: Doc | undefined): AmendmentInput {
  const type = types[String(amendment.type)];
  if (!type)
    throw new ApiError('INVALID_FIELD_VALUE', [
      JSON.stringify(amendment.type ?? null),
      `type (one of ${amendmentKinds.join(', ')})`,
    ]);
  if (typeof amendment.date !== 'string') throw new ApiError('MISSING_FIELD_IN_BODY', ['date']);
  const rate = type === 'EARLY_TERMINATION' ? product?.earlyTerminationIndemnityRate : product?.prepaymentIndemnityRate;
  return {
    type,
    date: amendment.date,
    rate: amendment.rate as number | undefined,
    duration: amendment.duration as number | undefined,
    paymentDay: amendment.paymentDay as number | undefined,
    prepaymentAmount: amendment.prepaymentAmount as number | undefined,
    indemnityRate: typeof rate === 'number' ? rate : 0,
  };
}

export interface PreparedAmendment {
  contract: ContractRow;
  elements: ElementRow[];
  preview: AmendmentPreview;
}

/** Computes an amendment against its contract as it stands; the contract row is locked when `lock`. */
export async function prepareAmendment(
  tx: Tx,
  caller: Caller,
  amendment: Doc,
  lock = false,
): Promise<PreparedAmendment> {
  if (typeof amendment.contractRegistration !== 'string')
    throw new ApiError('MISSING_FIELD_IN_BODY', ['contractRegistration']);
  const contract = await mustFindRow(tx, caller, contractKind, amendment.contractRegistration, lock);
  if (contract.status !== 'ACTIVE') {
    throw new ApiError('INVALID_FIELD_VALUE', [
      JSON.stringify(contract.registration),
      `contractRegistration (the contract is ${contract.status}, not ACTIVE)`,
    ]);
  }
  const terms = contract.data.scheduleTerms as QuotationTerms | undefined;
  const productRegistration = terms?.productRegistration;
  const product = productRegistration
    ? (await storage.findOne(tx, productKind, caller.tenant, productRegistration))?.data
    : undefined;
  const { rows, schedules } = await elementsOf(tx, caller, contract.registration);
  try {
    const preview = previewAmendment(
      {
        startDate: String(contract.data.startDate),
        terms: terms ?? {},
        elements: schedules,
        decimals: decimalsOf(contract.data.currency),
        taxes: await taxesOf(tx, caller),
      },
      amendmentInput(amendment, product),
    );
    return { contract, elements: rows, preview };
  } catch (error) {
    // The engine names the amendment's field at fault; answer it as the catalogue's bad value.
    if (error instanceof FinanceError)
      throw new ApiError('INVALID_FIELD_VALUE', [
        JSON.stringify(amendment[String(error.args?.[0] ?? 'type')] ?? null),
        `${error.args?.[0] ?? 'type'} (${error.message})`,
      ]);
    throw error;
  }
}

/** SUBMIT: the schedules before and after, on the contract's current revision; the client and partner copied for the list. */
export async function previewAmendmentEffect(context: SideEffectContext): Promise<Doc> {
  const { doc, tx, caller } = context;
  const { contract, preview } = await prepareAmendment(tx, caller, doc);
  const persons = ['CLIENT', 'PARTNER']
    .map((role) => ({ role, personRegistration: personWith(contract.data, role) }))
    .filter((p) => p.personRegistration);
  return {
    ...doc,
    preview: shownPreview(preview),
    baseRevision: contract.data.scheduleRevision ?? 1,
    persons: (doc.persons as unknown[] | undefined)?.length ? doc.persons : persons,
    quotations: [{ financedAmountExclTax: preview.outstandingPrincipal }],
  };
}

/** APPLY: the lines not yet invoiced replaced, the contract's terms and figures with them. */
export async function applyAmendmentEffect(context: SideEffectContext): Promise<Doc> {
  const { doc, tx, caller, today } = context;
  const { contract, elements, preview } = await prepareAmendment(tx, caller, doc, true);
  const revision = (contract.data.scheduleRevision as number | undefined) ?? 1;
  if (doc.baseRevision !== undefined && doc.baseRevision !== revision) {
    throw refusal(
      context,
      'STALE',
      `Contract ${contract.registration} was changed by another amendment since this one was submitted (revision ${String(doc.baseRevision)}, now ${revision}): submit it again`,
      {
        contractRegistration: contract.registration,
        baseRevision: doc.baseRevision,
        currentRevision: revision,
      },
    );
  }
  const extra = { amendmentRegistration: doc.registration };
  const elementKind = contractElementKind;
  const terminated = preview.type === 'EARLY_TERMINATION';
  for (const change of preview.changes) {
    const row = elements.find((e) => e.registration === change.registration)!;
    await updateIn(
      tx,
      caller,
      elementKind,
      row,
      {
        ...row.data,
        lines: change.lines,
        ...change.totals,
        ...(terminated ? { endDate: preview.settlement!.date } : {}),
        status: terminated ? 'TERMINATED' : (row.status ?? undefined),
      },
      { action: 'AMENDMENT', history: extra },
    );
  }
  if (preview.settlement) {
    const s = preview.settlement;
    const settled = s.prepayment !== undefined;
    const exclTax = s.total;
    await createIn(
      tx,
      caller,
      elementKind,
      {
        type: settled ? 'PREPAYMENT' : 'SETTLEMENT',
        code: settled ? 'PREPAYMENT' : 'SETTLEMENT',
        name: settled ? 'Partial prepayment' : 'Early termination settlement',
        contractRegistration: contract.registration,
        pr: 'R',
        payerRegistration: personWith(contract.data, 'CLIENT'),
        payeeRegistration: personWith(contract.data, 'ORGANIZATION'),
        groupKey: `${contract.registration}-${settled ? 'PREPAYMENT' : 'SETTLEMENT'}`,
        currency: contract.data.currency ?? 'EUR',
        startDate: s.date,
        endDate: s.date,
        totalExclTax: exclTax,
        totalTax: 0,
        totalPayment: exclTax,
        status: terminated ? 'TERMINATED' : 'ACTIVE',
        lines: [
          {
            number: 1,
            dueDate: s.date,
            amountExclTax: exclTax,
            tax: 0,
            amountInclTax: exclTax,
            status: 'PLANNED',
            principal: settled ? s.prepayment : s.outstandingPrincipal,
            interest: s.accruedInterest,
            indemnity: s.indemnity,
            formula: settled
              ? `prepayment ${s.prepayment} + indemnity ${s.indemnity}`
              : `outstanding principal ${s.outstandingPrincipal} + accrued interest ${s.accruedInterest} + indemnity ${s.indemnity}`,
          },
        ],
      },
      { countLines: true },
    );
  }
  let updated: Partial<ContractRow['data']> = {
    ...contract.data,
    scheduleTerms: preview.terms,
    scheduleRevision: revision + 1,
    outstandingPrincipal: terminated ? 0 : preview.outstandingPrincipal,
    nextDueDate: terminated ? null : (preview.nextDueDate ?? contract.data.nextDueDate),
  };
  if (preview.type === 'DURATION_CHANGE') updated.duration = preview.terms.duration;
  if (preview.type === 'ASSET_CHANGE') {
    updated.assets = (contract.data.assets ?? []).map((a) =>
      a.assetRegistration === doc.oldAssetRegistration
        ? { ...a, assetRegistration: doc.newAssetRegistration as string, asset: undefined }
        : a,
    );
  }
  if (terminated) {
    updated = {
      ...updated,
      status: 'TERMINATED',
      terminationDate: preview.settlement!.date,
      endDate: preview.settlement!.date,
      terminationAmendment: String(doc.registration),
    };
    const changed = new Set(preview.changes.map((c) => c.registration));
    await endElements(
      tx,
      caller,
      elements.filter((e) => !changed.has(e.registration)),
      extra,
    );
    await endAssets(tx, caller, updated, 'RETURNED');
  }
  await updateIn(tx, caller, contractKind, contract, updated, { action: 'AMENDMENT', history: extra });
  await refreshCreditLineOf(tx, caller, { ...updated, registration: contract.registration });
  return { ...doc, preview: shownPreview(preview), appliedDate: today, baseRevision: revision };
}
