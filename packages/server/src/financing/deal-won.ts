/**
 * MARK_WON: the deal's chosen quotation becomes a contract in the transition's transaction
 * (persons, assets, the chosen quotation, each record naming the other). A deal whose choice is
 * not made, or whose chosen quotation is not priced, stays as it is.
 */
import { contract as contractKind } from '@lbo/model/entities/financing/contract.entity';
import { person as personKind } from '@lbo/model/entities/person/person.entity';
import { prospect as prospectKind } from '@lbo/model/entities/person/prospect.entity';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { personWith } from '@lbo/model/values/parties';
import { refusal } from './transition-refusal.ts';
import { createIn, updateIn } from '../entities/crud.operation.ts';

type Quotation = Doc & { isChosen?: boolean; pricingError?: string; instalment?: number; registration?: string };

/** The quotation a deal is won with: the one marked chosen, or its only one. */
export function chosenQuotation(doc: Doc): Quotation | undefined {
  const quotations = (doc.quotations as Quotation[] | undefined) ?? [];
  return quotations.find((q) => q.isChosen) ?? (quotations.length === 1 ? quotations[0] : undefined);
}

/** The contract type a financial product is sold under (the deal's own type is a deal type). */
const contractTypeOf = (financialProduct: unknown): string => {
  const product = String(financialProduct ?? '');
  if (/LOAN/.test(product)) return 'LOAN';
  return ['OPERATING_LEASE', 'HIRE_PURCHASE', 'RENTAL'].includes(product) ? product : 'LEASE';
};

/** Fields a contract takes from the deal it was won from. */
const carried = [
  'contractType',
  'tags',
  'managementType',
  'purpose',
  'subPurpose',
  'internalReference',
  'externalReference',
  'currency',
  'startDate',
  'paymentDay',
  'creditLineRegistration',
  'agreementRegistration',
  'persons',
  'assets',
  'assetsTotals',
  'endOfTermOption',
];

type Identifier = { type?: string; number?: string };
/** A prospect's fields a person does not take: its own workflow's and the records' system fields. */
const notCarriedFromProspect = [
  '_id',
  '_version',
  '_insertDate',
  '_insertUser',
  '_updateDate',
  '_updateUser',
  'status',
  'registration',
];

/**
 * The person a deal's client stands for. A prospect becomes a person: the one already holding its
 * registration or one of its identifiers (linked), else a new ACTIVE person under the prospect's
 * registration (persons and prospects number from shared counters) with the role CLIENT; the
 * prospect is then CONVERTED, its History naming the person. A person, or a registration that is
 * neither, is kept as given.
 */
export async function clientPersonOf(tx: Tx, caller: Caller, registration: string): Promise<string> {
  const persons = personKind,
    prospects = prospectKind;
  const prospect = await storage.findOne(tx, prospects, caller.tenant, registration, true);
  const same = await storage.findOne(tx, persons, caller.tenant, registration);
  if (!prospect) return registration;
  const identifiers = ((prospect.data.registrations as Identifier[] | undefined) ?? []).filter(
    (r) => r.type && r.number,
  );
  let person =
    same?.registration ??
    (identifiers.length
      ? (
          await storage.findWhere(
            tx,
            persons,
            caller.tenant,
            sql<boolean>`(${sql.join(
              identifiers.map(
                (r) => sql`data #> '{registrations}' @> ${JSON.stringify([{ type: r.type, number: r.number }])}::jsonb`,
              ),
              sql` OR `,
            )})`,
            1,
          )
        )[0]?.registration
      : undefined);
  if (!person) {
    const data = Object.fromEntries(Object.entries(prospect.data).filter(([k]) => !notCarriedFromProspect.includes(k)));
    const roles = (data.roles as { role: string }[] | undefined) ?? [];
    person = String(
      (
        await createIn(
          tx,
          caller,
          persons,
          {
            ...data,
            status: 'ACTIVE',
            roles: roles.some((r) => r.role === 'CLIENT') ? roles : [...roles, { role: 'CLIENT' }],
          },
          { registration: prospect.registration },
        )
      ).registration,
    );
  }
  if (prospect.status !== 'CONVERTED') {
    await updateIn(
      tx,
      caller,
      prospects,
      prospect,
      { ...prospect.data, status: 'CONVERTED' },
      {
        action: 'CONVERT',
        history: {
          details: { personRegistration: person },
        },
      },
    );
  }
  return person;
}

export async function createContractFromDeal(context: SideEffectContext): Promise<Doc> {
  const { doc, tx, caller } = context;
  const missing: string[] = [];
  if (!personWith(doc, 'CLIENT')) missing.push('a client (persons with role CLIENT)');
  // The lessor is the seller of every invoice the contract will bill: without it nothing can be numbered nor collected.
  if (!personWith(doc, 'ORGANIZATION')) missing.push('a lessor organization (persons with role ORGANIZATION)');
  const quotations = (doc.quotations as Quotation[] | undefined) ?? [];
  const chosen = chosenQuotation(doc);
  if (!chosen)
    missing.push(
      quotations.length ? `a chosen quotation (isChosen on one of the ${quotations.length})` : 'a quotation',
    );
  else if (chosen.pricingError || chosen.instalment === undefined)
    missing.push(`a priced quotation (${chosen.registration}: ${chosen.pricingError ?? 'not priced'})`);
  if (missing.length) throw refusal(context, 'INCONSISTENT', `The deal needs ${missing.join(', ')}`, { missing });
  // The contract's client is a person, a prospect client converted on the way.
  const persons: Doc[] = [];
  for (const p of (doc.persons as Doc[] | undefined) ?? []) {
    persons.push(
      p.role === 'CLIENT' && typeof p.personRegistration === 'string'
        ? { ...p, personRegistration: await clientPersonOf(tx, caller, p.personRegistration) }
        : p,
    );
  }
  const contract: Doc = {
    name: doc.name,
    ...Object.fromEntries(carried.filter((f) => doc[f] !== undefined).map((f) => [f, doc[f]])),
    ...(doc.persons !== undefined ? { persons } : {}),
    type: contractTypeOf(chosen!.financialProduct),
    quotations: [{ ...chosen, isChosen: true }],
    financialProduct: chosen!.financialProduct,
    financialScheme: chosen!.financialScheme,
    financedAmountExclTax: chosen!.financedAmountExclTax,
    duration: chosen!.duration,
    frequency: chosen!.frequency,
    dealRegistration: doc.registration,
    status: 'DRAFT',
  };
  const created = await createIn(tx, caller, contractKind, contract);
  return {
    ...doc,
    contractRegistration: created.registration,
    quotations: quotations.map((q) => ({ ...q, isChosen: q === chosen })),
  };
}
