/**
 * Reads and writes of the financing domain inside a caller's transaction: numbered creates and
 * updates each with their History row (as the generic routes write them), the tenant's taxes.
 */
import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { taxRates } from '@lbo/model/lists/billing';
import type { Tax } from '@lbo/model/finance/pricing';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { Tx } from '../db/database.ts';
import { freeRegistration, type Caller } from '../entities/crud.operation.ts';
import { insertHistories, insertHistory } from '../entities/history.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';

export const kind = (name: string): Entity => {
  const entity = entityByName(name);
  if (!entity) throw new Error(`unknown kind ${name}`);
  return entity;
};

/**
 * Creates a record, in `status` when given, with its History row: numbered by its kind's counter,
 * or under the `registration` given (a contract's elements are named after it, so that activating
 * contracts at once never waits on one counter).
 */
export async function createRecord(tx: Tx, caller: Caller, entity: Entity, data: Doc, given?: string): Promise<Doc> {
  const registration = given ?? (await freeRegistration(tx, caller, entity));
  const doc = storage.toDocument(
    await storage.insertRow(tx, entity, caller.tenant, caller.username, { ...data, registration }),
  );
  // A schedule's lines are in the record created; its History row counts them rather than copying them.
  const after = Array.isArray(doc.lines) ? { ...doc, lines: `${doc.lines.length} lines` } : doc;
  await insertHistory(tx, caller, {
    entityName: entity.name,
    entityRegistration: registration,
    action: 'CREATE',
    after,
  });
  return doc;
}

/** Replaces a record's document (status included: the domain moves it with its workflow's effects) with its History row. */
/**
 * Creates records under the registrations they carry, in one statement, with their History rows
 * in another (a contract's elements on activation). Their lines are counted in History, not copied.
 */
export async function createRecords(tx: Tx, caller: Caller, entity: Entity, docs: Doc[]): Promise<void> {
  await storage.insertMany(tx, entity, caller.tenant, caller.username, docs);
  await insertHistories(
    tx,
    caller,
    docs.map((doc) => ({
      entityName: entity.name,
      entityRegistration: String(doc.registration),
      action: 'CREATE',
      after: Array.isArray(doc.lines) ? { ...doc, lines: `${doc.lines.length} lines` } : doc,
    })),
  );
}

export async function updateRecord(
  tx: Tx,
  caller: Caller,
  entity: Entity,
  row: Row,
  data: Doc,
  action = 'UPDATE',
  extra?: Doc,
): Promise<Doc> {
  const before = storage.toDocument(row);
  const doc = storage.toDocument(
    await storage.updateRow(tx, entity, caller.tenant, caller.username, row._id, {
      ...data,
      registration: row.registration,
    }),
  );
  await insertHistory(tx, caller, {
    entityName: entity.name,
    entityRegistration: row.registration,
    action,
    before,
    after: doc,
    extra,
  });
  return doc;
}

export async function mustFindRow(tx: Tx, caller: Caller, entity: Entity, id: string, forUpdate = false): Promise<Row> {
  const row = await storage.findOne(tx, entity, caller.tenant, id, forUpdate);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, id]);
  return row;
}

/** Records of `entity` whose `field` holds `value`, oldest first. */
export async function rowsWhere(
  tx: Tx,
  caller: Caller,
  entity: Entity,
  field: string,
  value: string,
  limit = 10_000,
): Promise<Row[]> {
  return storage.findWhere(tx, entity, caller.tenant, sql<boolean>`data->>${field} = ${value}`, limit);
}

/** The tenant's tax list (Tax records) over the product's built-in rates. */
export async function taxesOf(tx: Tx, caller: Caller): Promise<Tax[]> {
  const own = await storage.findWhere(tx, kind('Tax'), caller.tenant, sql<boolean>`true`, 500);
  const byCode = new Map<string, Tax>(Object.entries(taxRates).map(([code, value]) => [code, { code, value }]));
  for (const row of own) {
    const value = row.data.value;
    if (typeof value === 'number') byCode.set(row.registration, { code: row.registration, value });
  }
  return [...byCode.values()];
}

export const decimalsOf = (currency: unknown) =>
  currencyDecimals(typeof currency === 'string' && currency ? currency : 'EUR');

type Person = { role?: string; personRegistration?: string };
/** The registration of the first person with `role` on a contract or deal. */
export const personWith = (doc: Doc, role: string) =>
  ((doc.persons as Person[] | undefined) ?? []).find((p) => p.role === role)?.personRegistration;

/**
 * A transition refused by a financing rule, as the workflow refuses one (409 TRANSITION_REJECTED,
 * `rejectionReason` shown by the client as a warning, spec 000 §8).
 */
export function refusal(
  context: { entity: Entity; transition: { code: string; from: string[] }; doc: Doc },
  rejection: string,
  reason: string,
  extra: Doc = {},
): ApiError {
  const registration = String(context.doc.registration);
  return new ApiError('TRANSITION_REJECTED', [context.transition.code, context.entity.name, registration, reason], {
    rejectionReason: reason,
    rejection,
    transition: context.transition.code,
    currentStatus: context.transition.from[0],
    ...extra,
  });
}
