import { describe, expectTypeOf, it } from 'vitest';
import type { invoice } from './entities/billing/invoice.entity.ts';
import type { contract } from './entities/financing/contract.entity.ts';
import type { bankAccount } from './entities/banking/bank-account.entity.ts';
import type { Entity } from './entity.ts';
import { currency, date, link, list, multiSelect, object, select, text } from './fields.ts';
import type { DataOf, Day, FieldValues, InputOf, RecordOf } from './record-types.ts';

/**
 * A kind's record type is derived from its declaration (record-types.ts): these checks run when
 * the code is type-checked (`tsc`); at run time they do nothing.
 */
describe('RecordOf', () => {
  type Invoice = RecordOf<typeof invoice>;

  it('maps each field constructor to the value it stores', () => {
    expectTypeOf<Invoice['invoiceNumber']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Invoice['totalBalance']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Invoice['dueDate']>().toEqualTypeOf<Day | null | undefined>();
    expectTypeOf<Invoice['contractRegistration']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Invoice['lineCount']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<NonNullable<Invoice['taxes']>[number]['rate']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<NonNullable<Invoice['organization']>>().toEqualTypeOf<{ name?: string | null }>();
  });

  it('keeps mandatory fields required, in lists too', () => {
    type Party = NonNullable<Invoice['persons']>[number];
    expectTypeOf<Party['role']>().toEqualTypeOf<string>();
    expectTypeOf<Party['personRegistration']>().toEqualTypeOf<string>();
    expectTypeOf<Party['name']>().toEqualTypeOf<string | null | undefined>();
    const fields = {
      code: text({ mandatory: true }),
      day: date(),
      amounts: list({ amount: currency({ mandatory: true }) }),
      address: object({ city: text() }),
      tags: multiSelect('tag'),
      kind: select('kind'),
      owner: link('Person'),
    };
    expectTypeOf<FieldValues<typeof fields>>().toEqualTypeOf<{
      code: string;
      day?: string | null;
      amounts?: { amount: number }[] | null;
      address?: { city?: string | null } | null;
      tags?: string[] | null;
      kind?: string | null;
      owner?: string | null;
    }>();
  });

  it('adds the base fields, the id, the version and the audit fields', () => {
    expectTypeOf<Invoice['registration']>().toEqualTypeOf<string>();
    expectTypeOf<Invoice['status']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Invoice['name']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Invoice['_id']>().toEqualTypeOf<string>();
    expectTypeOf<Invoice['_version']>().toEqualTypeOf<number>();
    expectTypeOf<Invoice['_insertDate']>().toEqualTypeOf<string>();
    expectTypeOf<Invoice['_updateUser']>().toEqualTypeOf<string | null>();
    // The stored document has no audit fields.
    expectTypeOf<DataOf<typeof invoice>>().not.toHaveProperty('_id');
  });

  it('derives the kinds whose fields are shared (contracts and deals)', () => {
    type Contract = RecordOf<typeof contract>;
    expectTypeOf<Contract['financedAmountExclTax']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<RecordOf<typeof bankAccount>>().toHaveProperty('registration');
  });

  it('refuses a wrong field name or type', () => {
    const read = (_: Invoice) => {};
    const doc = {} as Invoice;
    // @ts-expect-error: invoices have no `balance` field (it is `totalBalance`)
    read({ ...doc, balance: 1 });
    // @ts-expect-error: an amount is a number, not text
    read({ ...doc, totalBalance: '12.50' });
    // @ts-expect-error: a record has its registration
    read({ ...doc, registration: undefined });
    // @ts-expect-error: `totalBalance` is a number
    const balance: string = doc.totalBalance ?? '';
    // @ts-expect-error: no such field
    void doc.totalBalanse;
    const input: InputOf<typeof invoice> = { totalBalance: 3, dueDate: '2025-01-31' };
    // @ts-expect-error: a date is a `YYYY-MM-DD` string
    const wrong: InputOf<typeof invoice> = { dueDate: new Date() };
    expectTypeOf(input).toHaveProperty('totalBalance');
    void balance;
    void wrong;
  });

  it('leaves a kind not known at compile time a generic document', () => {
    expectTypeOf<RecordOf<Entity>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<DataOf<Entity>>().toEqualTypeOf<Record<string, unknown>>();
  });
});
