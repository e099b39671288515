import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import type { FieldDef, FieldType } from '@lbo/model/fields';
import { referenceLists } from '@lbo/model/reference-lists';
import { setPassword } from '../auth/passwords.ts';
import { inTenant } from '../db/database.ts';
import { insertRow } from '../entities/storage.ts';
import { signIn, type TestApp } from './test-app.ts';

/** Test support for the workflow API tests. */

/**
 * The smallest valid body of a kind, every mandatory field filled, plus the
 * `fill` fields (a workflow's required fields). Values are valid for their declared type.
 */
const sample: Record<FieldType, (field: FieldDef, n: number) => unknown> = {
  text: (_f, n) => `value ${n}`,
  textarea: (_f, n) => `value ${n}`,
  markdown: (_f, n) => `value ${n}`,
  email: (_f, n) => `person${n}@example.com`,
  phone: () => '+33 1 23 45 67 89',
  iban: () => 'FR7630006000011234567890189',
  username: (_f, n) => `user${n}@alpha`,
  color: () => '#336699',
  number: () => 1,
  integer: () => 12,
  percentage: () => 0.05,
  currency: () => 1000,
  date: () => '2025-01-15',
  datetime: () => '2025-01-15T09:00:00.000Z',
  boolean: () => true,
  select: (f) => {
    // A value of the field's list, as the server checks them; a list without built-in values takes any code.
    const value = referenceLists[f.list ?? '']?.[0]?.value ?? 'CODE';
    return f.multiple ? [value] : value;
  },
  link: () => 'REF000001',
  list: (f, n) => [objectOf(f.fields ?? {}, [], n)],
  object: (f, n) => objectOf(f.fields ?? {}, [], n),
  json: () => ({}),
};

function objectOf(fields: Record<string, FieldDef>, fill: string[], n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.mandatory || fill.includes(name)) out[name] = sample[field.type](field, n);
  }
  return out;
}

let counter = 0;

export function minimalRecord(entity: Entity, fill: string[] = []): Record<string, unknown> {
  const n = ++counter;
  const body = objectOf(
    entity.fields,
    fill.map((path) => path.split('.')[0]),
    n,
  );
  if (entity.key) body[entity.key] = entity.key === 'username' ? `user${n}@alpha` : `${entity.name}-${n}`;
  if (entity.fields.name && body.name === undefined) body.name = `${entity.name} ${n}`;
  return body;
}

/**
 * Signs in a back-office user of `tenant` who is not an admin: its profile grants "read all" and
 * "write all" (auth/permissions.ts), no named permission such as an approval.
 */
export async function signInClerk(t: TestApp, tenant = 'alpha'): Promise<Record<string, string>> {
  const username = `clerk@${tenant}`;
  const password = 'Clerk-Password-42';
  await inTenant(t.db.database.db, { tenant, user: 'system' }, async (tx) => {
    await insertRow(tx, entityByName('User')!, tenant, 'system', {
      registration: username,
      username,
      firstName: 'Claire',
      lastName: 'Clerk',
      status: 'ACTIVE',
      isAdmin: false,
      profiles: ['BACK_OFFICE'],
    });
    await setPassword(tx, tenant, username, password);
  });
  return { authorization: `Bearer ${await signIn(t.app, username, password)}` };
}
