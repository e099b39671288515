import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import { checkPerson, registrationRowKept } from '@lbo/model/entities/person/person-rules';
import {
  compactRegistrationNumber,
  isAutomaticRegistrationType,
  splitRegistration,
} from '@lbo/model/values/identifiers/registration-check';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { personSettingsOf, type PersonSettings } from './person-settings.ts';

/**
 * Registrations of persons and prospects (spec 002 §4): a registration is the 3-character type
 * of its first identifier followed by the number. Automatic types (AUT, COM, PTN, PRO) are
 * numbered by the server from a per-tenant counter per type, shared by persons and prospects so
 * that a prospect becoming a person keeps a free number. A new person whose identifier is
 * already held by another one answers that one, unless the tenant allows duplicates.
 */
type Row = Doc & { type?: string; number?: string };

const counterName = (type: string) => `registration:${type}`;

/** Next free number of an automatic type (skips numbers a client took by hand). */
async function nextNumber(tx: Tx, caller: Caller, entity: Entity, type: string): Promise<string> {
  for (;;) {
    const number = String(await storage.nextCounter(tx, caller.tenant, counterName(type))).padStart(6, '0');
    if (!(await storage.findOne(tx, entity, caller.tenant, `${type}${number}`))) return number;
  }
}

/**
 * Rows cleaned as the registrations modal saves them: types upper-cased, numbers in their stored
 * form (compact: `12345678-z` → `12345678Z`), rows without a number dropped unless automatic.
 */
function cleanRows(value: unknown): Row[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((row: Row) => {
      const type = String(row.type ?? '')
        .trim()
        .toUpperCase();
      return {
        ...row,
        type,
        ...(typeof row.number === 'string' ? { number: compactRegistrationNumber(type, row.number) } : {}),
      };
    })
    .filter(registrationRowKept);
}

/** `sir 732 829 320` → `SIR732829320`: the type upper-cased, the number in its stored form. */
function storedRegistration(registration: string): string {
  const { type, number } = splitRegistration(registration.trim().toUpperCase());
  return `${type}${compactRegistrationNumber(type, number)}`;
}

async function numberAutomaticRows(tx: Tx, caller: Caller, entity: Entity, rows: Row[]): Promise<void> {
  for (const row of rows)
    if (!row.number && isAutomaticRegistrationType(row.type!))
      row.number = await nextNumber(tx, caller, entity, row.type!);
}

/** The record holding `type` + `number` as its registration or among its identifiers. */
async function holderOf(
  tx: Tx,
  caller: Caller,
  entity: Entity,
  type: string,
  number: string,
): Promise<Doc | undefined> {
  const byRegistration = await storage.findOne(tx, entity, caller.tenant, `${type}${number}`);
  if (byRegistration) return storage.toDocument(byRegistration);
  const { rows } = await sql<storage.Row>`SELECT _id FROM ${sql.table(entity.table)}
    WHERE tenant = ${caller.tenant} AND data #> '{registrations}' @> ${JSON.stringify([{ type, number }])}::jsonb LIMIT 1`.execute(
    tx,
  );
  const found = rows[0] && (await storage.findOne(tx, entity, caller.tenant, rows[0]._id));
  return found ? storage.toDocument(found) : undefined;
}

const checkPatterns = (doc: Doc, settings: PersonSettings) =>
  checkPerson(doc, {
    registration: (type) =>
      settings.registrationPatterns[type] !== undefined ? { pattern: settings.registrationPatterns[type] } : {},
  });

async function beforeCreate(tx: Tx, caller: Caller, entity: Entity, input: Doc): Promise<Doc | { existing: Doc }> {
  const settings = await personSettingsOf(tx, caller.tenant);
  const rows = cleanRows(input.registrations);
  let registration = typeof input.registration === 'string' ? storedRegistration(input.registration) : '';
  if (registration) {
    if (registration.length < 4)
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(input.registration), 'registration']);
    const { type, number } = splitRegistration(registration);
    // The first identifier's type follows the registration's first three characters.
    if (!rows.length) rows.push({ type, number });
    else rows[0] = { ...rows[0], type, number: rows[0].number || number };
  }
  await numberAutomaticRows(tx, caller, entity, rows);
  if (!registration && rows.length) registration = `${rows[0].type}${rows[0].number}`;
  const doc: Doc = { ...input, ...(rows.length || input.registrations !== undefined ? { registrations: rows } : {}) };
  if (registration) doc.registration = registration;
  else delete doc.registration;
  checkPatterns(doc, settings);
  if (!registration) return doc;
  const { type, number } = splitRegistration(registration);
  const holder = await holderOf(tx, caller, entity, type, number);
  if (!holder) return doc;
  if (!settings.allowDuplicateRegistrations) return { existing: holder };
  // Duplicates allowed: the new person is numbered automatically and keeps the identifier second.
  const auto = await nextNumber(tx, caller, entity, 'AUT');
  return { ...doc, registration: `AUT${auto}`, registrations: [{ type: 'AUT', number: auto }, ...rows] };
}

async function beforeUpdate(tx: Tx, caller: Caller, entity: Entity, input: Doc): Promise<Doc> {
  const settings = await personSettingsOf(tx, caller.tenant);
  const rows = cleanRows(input.registrations);
  await numberAutomaticRows(tx, caller, entity, rows);
  const doc = { ...input, ...(input.registrations !== undefined ? { registrations: rows } : {}) };
  checkPatterns(doc, settings);
  return doc;
}

/** The write hooks persons and prospects name (`writeHooks: 'personRegistrations'`). */
export const personWriteHooks: Record<string, WriteHooks> = {
  personRegistrations: { beforeCreate, beforeUpdate },
};
