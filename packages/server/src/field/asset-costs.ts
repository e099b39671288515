import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { Dec } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';
import { updateIn, type Caller, type WriteHooks } from '../entities/crud.operation.ts';
import { findMany, findOne, type Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';

/**
 * An asset's cost (docs/field-work.md): `expensesTotal` on the asset is the exact sum of its
 * expenses still standing (neither cancelled nor rejected), rewritten in the expense's own
 * transaction on each create, change, delete, cancellation or rejection, with the asset's History.
 */
const assetKind = entityByName('Asset')!;
const expenseKind = entityByName('AssetExpense')!;

const notCounted = ['CANCELLED', 'REJECTED'];
const amountOf = (doc: Doc) => (typeof doc.amount === 'number' ? doc.amount : 0);

/**
 * Sums the asset's standing expenses, leaving out `except` (the expense being written, read
 * from the table in its former state) and adding `pending` (its new state), and stores the total.
 */
export async function refreshAsset(tx: Tx, caller: Caller, assetRegistration: unknown, except?: string, pending?: Doc) {
  if (typeof assetRegistration !== 'string' || !assetRegistration) return;
  const asset = await findOne(tx, assetKind, caller.tenant, assetRegistration, true);
  if (!asset) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [assetKind.name, assetRegistration]);
  // Summed by the database (numeric, exact): an asset's expenses are not read one by one.
  const { rows } = await sql<{ total: string | null }>`SELECT sum(numeric_value(data->>'amount'))::text AS total
    FROM ${sql.table(expenseKind.table)} WHERE tenant = ${caller.tenant} AND data->>'assetRegistration' = ${assetRegistration}
    AND status <> ALL(${notCounted}::text[])${except ? sql` AND registration <> ${except}` : sql``}`.execute(tx);
  let total = new Dec(rows[0]?.total ?? 0);
  if (pending && !notCounted.includes(String(pending.status ?? ''))) total = total.plus(amountOf(pending));
  const expensesTotal = total.toNumber();
  if (asset.data.expensesTotal === expensesTotal) return;
  await updateIn(tx, caller, assetKind, asset, { expensesTotal }, { mode: 'merge' });
}

/** The assets some expense names (and that exist): those whose cost the demo's loaded expenses make. */
export async function costedAssets(tx: Tx, tenant: string): Promise<string[]> {
  const { rows } = await sql<{
    registration: string;
  }>`SELECT DISTINCT a.registration FROM ${sql.table(expenseKind.table)} e
    JOIN ${sql.table(assetKind.table)} a ON a.tenant = e.tenant AND a.registration = e.data->>'assetRegistration'
    WHERE e.tenant = ${tenant} ORDER BY 1`.execute(tx);
  return rows.map((r) => r.registration);
}

export const assetExpenseHooks: WriteHooks = {
  async beforeCreate(tx, caller, _entity, doc) {
    await refreshAsset(tx, caller, doc.assetRegistration, undefined, doc);
    return doc;
  },
  async beforeUpdate(tx, caller, _entity, doc, before) {
    const registration = String(before.registration);
    await refreshAsset(tx, caller, doc.assetRegistration, registration, { ...doc, status: before.status });
    if (before.assetRegistration !== doc.assetRegistration)
      await refreshAsset(tx, caller, before.assetRegistration, registration);
    return doc;
  },
  async beforeDelete(tx, caller, _entity, doc) {
    await refreshAsset(tx, caller, doc.assetRegistration, String(doc.registration));
  },
};

/** Side effect `refreshAssetExpenses`: a cancelled or rejected expense leaves its asset's total. */
export async function refreshAssetExpenses({ tx, caller, doc }: SideEffectContext): Promise<Doc> {
  await refreshAsset(tx, caller, doc.assetRegistration, String(doc.registration), doc);
  return doc;
}

/** An asset lot's lines completed from its assets (price, expenses) and its totals, exact. */
export const assetLotHooks: WriteHooks = {
  beforeCreate: (tx, caller, _entity, doc) => withTotals(tx, caller, doc),
  beforeUpdate: (tx, caller, _entity, doc) => withTotals(tx, caller, doc),
};

async function withTotals(tx: Tx, caller: Caller, doc: Doc): Promise<Doc> {
  const lines = (Array.isArray(doc.assets) ? doc.assets : []) as Doc[];
  const registrations = lines.map((l) => String(l.assetRegistration));
  const seen = new Set<string>();
  registrations.forEach((r, i) => {
    if (seen.has(r)) throw new ApiError('VALUE_ALREADY_EXISTS', [r, `assets[${i}].assetRegistration`]);
    seen.add(r);
  });
  const found = new Map(
    (await findMany(tx, assetKind, caller.tenant, registrations)).map((row) => [row.registration, row.data]),
  );
  let price = new Dec(0);
  let expenses = new Dec(0);
  const assets = lines.map((line, i) => {
    const asset = found.get(String(line.assetRegistration));
    if (!asset)
      throw new ApiError('INVALID_FIELD_VALUE', [String(line.assetRegistration), `assets[${i}].assetRegistration`]);
    const priceExclTax = typeof asset.priceExclTax === 'number' ? asset.priceExclTax : 0;
    const expensesTotal = typeof asset.expensesTotal === 'number' ? asset.expensesTotal : 0;
    price = price.plus(priceExclTax);
    expenses = expenses.plus(expensesTotal);
    return { assetRegistration: line.assetRegistration, priceExclTax, expensesTotal };
  });
  return {
    ...doc,
    assets,
    assetCount: assets.length,
    totalPriceExclTax: price.toNumber(),
    totalExpenses: expenses.toNumber(),
    currency: doc.currency ?? (assets.length ? found.get(String(assets[0].assetRegistration))?.currency : undefined),
  };
}
