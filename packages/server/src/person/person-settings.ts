import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import type { Tx } from '../db/database.ts';
import { tenantConfigOf } from '../db/configuration.ts';
import { oncePerTransaction } from '../db/transaction-memo.ts';

/**
 * The tenant's person settings, read from `tenant-config` `options.person` in the request's
 * transaction (no process cache, so every server process sees a change at once):
 * `{allowDuplicateRegistrations?: boolean, registrationPatterns?: {TYPE: regex}}`. Within one transaction it is read once.
 */
export interface PersonSettings {
  /** A second person with the same identifier is created (numbered AUT) instead of answering the first. */
  allowDuplicateRegistrations: boolean;
  /** Tenant pattern per registration type (message "Invalid format"). */
  registrationPatterns: Record<string, string>;
}

/** Read once per transaction: an import's chunk of persons asks for every row. */
export async function personSettingsOf(tx: Tx, tenant: string): Promise<PersonSettings> {
  const options =
    (await oncePerTransaction(tx, `tenant-config:${tenant}`, () => tenantConfigOf(tx, tenant))).options ?? {};
  const person = options.person ?? {};
  if (!isObject(person)) throw new ApiError('INVALID_FIELD_IN_CONFIG', ['options.person', 'must be an object']);
  const patterns = person.registrationPatterns ?? {};
  if (!isObject(patterns) || !Object.values(patterns).every((p) => typeof p === 'string')) {
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [
      'options.person.registrationPatterns',
      'must map types to patterns',
    ]);
  }
  return {
    allowDuplicateRegistrations: person.allowDuplicateRegistrations === true,
    registrationPatterns: patterns as Record<string, string>,
  };
}
