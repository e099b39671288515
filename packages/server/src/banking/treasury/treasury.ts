/**
 * The tenant's own treasury (docs/api.md "Treasury"): money moved between its bank accounts,
 * arbitration of an organization's accounts, overdraft limits. Every change runs in the caller's
 * transaction with the accounts locked (in registration order, so two moves never deadlock),
 * writes an EXECUTED BankOperation and a History row per account changed.
 * Amounts are worked in minor units of the accounts' currency.
 */
import { sql } from 'kysely';
import { bankAccount } from '@lbo/model/entities/banking/bank-account.entity';
import { bankOperation } from '@lbo/model/entities/banking/bank-operation.entity';
import { ApiError } from '@lbo/model/errors';
import { accountAvailable, major, minor, mustBeAmount } from '@lbo/model/finance/amounts';
import type { InputOf, RecordOf } from '@lbo/model/record-types';
import type { Tx } from '../../db/database.ts';
import { createIn, updateIn, type Caller, type WriteHooks } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc, RowOf } from '../../entities/storage.ts';

export const bankAccountKind = bankAccount;
export const bankOperationKind = bankOperation;
type AccountRow = RowOf<typeof bankAccount>;
type Operation = RecordOf<typeof bankOperation>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (d: unknown): d is string =>
  typeof d === 'string' &&
  DAY.test(d) &&
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
  new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
const today = () => new Date().toISOString().slice(0, 10);
const currencyOf = (account: AccountRow) => account.data.currency ?? 'EUR';

/** Minor units of a stored amount that may be negative (a balance), exact. */
const units = (value: unknown, currency: string) => {
  const v = typeof value === 'number' ? value : 0;
  return v < 0 ? -minor(-v, currency) : minor(v, currency);
};
const money = (u: number, currency: string) => (u < 0 ? -major(-u, currency) : major(u, currency));

/** Server-kept fields of an account: balance and limit never move through the generic writes after create. */
function withAvailable<D extends Doc>(
  doc: D,
): D & { currency: string; balance: number; overdraftLimit: number; available: number } {
  const currency = String(doc.currency ?? 'EUR');
  const balance = units(doc.balance, currency);
  const limit = units(doc.overdraftLimit, currency);
  return {
    ...doc,
    currency,
    balance: money(balance, currency),
    overdraftLimit: money(limit, currency),
    available: accountAvailable({
      currency,
      balance: money(balance, currency),
      overdraftLimit: money(limit, currency),
    }),
  };
}

export const treasuryWriteHooks: Record<string, WriteHooks> = {
  bankAccount: {
    async beforeCreate(_tx, _caller, _entity, doc) {
      if (typeof doc.overdraftLimit === 'number' && doc.overdraftLimit < 0)
        throw new ApiError('INVALID_FIELD_VALUE', [String(doc.overdraftLimit), 'overdraftLimit']);
      return withAvailable({ balance: 0, overdraftLimit: 0, ...doc });
    },
    async beforeUpdate(_tx, _caller, _entity, doc, before) {
      return withAvailable({
        ...doc,
        currency: before.currency ?? doc.currency,
        balance: before.balance ?? 0,
        overdraftLimit: before.overdraftLimit ?? 0,
      });
    },
  },
};

function accountId(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') throw new ApiError('MISSING_FIELD_IN_BODY', [field]);
  if (typeof value !== 'string' || value.length > 200)
    throw new ApiError('INVALID_FIELD_VALUE', [String(value), field]);
  return value;
}

/** Locks accounts in registration order; 404 naming the field when the tenant has no such account, 400 when it is not ACTIVE. */
async function lockAccounts(
  tx: Tx,
  caller: Caller,
  named: { id: string; field: string }[],
): Promise<Map<string, AccountRow>> {
  const out = new Map<string, AccountRow>();
  for (const { id, field } of [...named].sort((a, b) => a.id.localeCompare(b.id))) {
    if (out.has(id)) continue;
    const row = await storage.findOne(tx, bankAccountKind, caller.tenant, id, true);
    if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [bankAccountKind.name, id]);
    if (row.status !== 'ACTIVE')
      throw new ApiError('INVALID_FIELD_VALUE', [id, `${field} (the account is ${String(row.status)}, not ACTIVE)`]);
    out.set(id, row);
  }
  return out;
}

async function insertOperation(tx: Tx, caller: Caller, op: InputOf<typeof bankOperation>): Promise<Operation> {
  return createIn(
    tx,
    caller,
    bankOperation,
    { status: 'EXECUTED', executedDate: today(), ...op },
    { action: 'EXECUTE' },
  );
}

async function setBalance(
  tx: Tx,
  caller: Caller,
  account: AccountRow,
  balance: number,
  action: string,
  operation: string,
): Promise<AccountRow> {
  const currency = currencyOf(account);
  await updateIn(
    tx,
    caller,
    bankAccount,
    account,
    withAvailable({ ...account.data, name: account.name, type: account.type, balance: money(balance, currency) }),
    { action, history: { details: { operation } } },
  );
  return (await storage.findOne(tx, bankAccountKind, caller.tenant, account.registration, true))!;
}

/** Debits `from` and credits `to` by `amount` minor units (both locked), refused when `from` would go below -overdraftLimit. */
async function transfer(
  tx: Tx,
  caller: Caller,
  from: AccountRow,
  to: AccountRow,
  amount: number,
  type: string,
  valueDate: string,
  reason: string | undefined,
): Promise<{ operation: Operation; from: AccountRow; to: AccountRow }> {
  const currency = currencyOf(from);
  const balance = units(from.data.balance, currency);
  const limit = units(from.data.overdraftLimit, currency);
  if (balance - amount < -limit) {
    throw new ApiError('TRANSITION_REJECTED', [
      'EXECUTE',
      bankOperationKind.name,
      from.registration,
      `account ${from.registration} would go to ${major(Math.abs(balance - amount), currency) * Math.sign(balance - amount)} ${currency}, below its overdraft limit of ${major(limit, currency)} (available ${money(balance + limit, currency)})`,
    ]);
  }
  const operation = await insertOperation(tx, caller, {
    type,
    name: `${type === 'MOVE' ? 'Move' : 'Arbitration'} ${from.registration} → ${to.registration}`,
    fromAccount: from.registration,
    toAccount: to.registration,
    amount: major(amount, currency),
    currency,
    valueDate,
    ...(reason ? { reason } : {}),
  });
  const reg = operation.registration;
  const fromAfter = await setBalance(tx, caller, from, balance - amount, 'DEBIT', reg);
  const toAfter = await setBalance(tx, caller, to, units(to.data.balance, currency) + amount, 'CREDIT', reg);
  return { operation, from: fromAfter, to: toAfter };
}

export interface MoveInput {
  fromAccount?: unknown;
  toAccount?: unknown;
  amount?: unknown;
  valueDate?: unknown;
  reason?: unknown;
}

function optionalReason(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 500)
    throw new ApiError('INVALID_FIELD_VALUE', [String(value), 'reason']);
  return value;
}

/** POST /api/bank/move-money: one executed MOVE. */
export async function moveMoney(tx: Tx, caller: Caller, input: MoveInput): Promise<Operation> {
  const fromId = accountId(input.fromAccount, 'fromAccount');
  const toId = accountId(input.toAccount, 'toAccount');
  if (input.amount === undefined || input.amount === null) throw new ApiError('MISSING_FIELD_IN_BODY', ['amount']);
  if (fromId === toId) throw new ApiError('INVALID_FIELD_VALUE', [toId, 'toAccount (the same account as fromAccount)']);
  const valueDate =
    input.valueDate === undefined || input.valueDate === null || input.valueDate === '' ? today() : input.valueDate;
  if (!isDay(valueDate)) throw new ApiError('INVALID_DATE_FIELD', ['valueDate']);
  const reason = optionalReason(input.reason);
  const accounts = await lockAccounts(tx, caller, [
    { id: fromId, field: 'fromAccount' },
    { id: toId, field: 'toAccount' },
  ]);
  const from = accounts.get(fromId)!;
  const to = accounts.get(toId)!;
  if (currencyOf(from) !== currencyOf(to))
    throw new ApiError('INVALID_FIELD_VALUE', [
      toId,
      `toAccount (in ${currencyOf(to)}, fromAccount is in ${currencyOf(from)})`,
    ]);
  const amount = mustBeAmount(input.amount, currencyOf(from), 'amount');
  return (await transfer(tx, caller, from, to, amount, 'MOVE', valueDate, reason)).operation;
}

export interface ArbitrationInput {
  accounts?: unknown;
  target?: unknown;
  valueDate?: unknown;
  reason?: unknown;
}

/**
 * POST /api/bank/arbitration. The accounts (all the tenant's ACTIVE accounts when none are named)
 * are grouped by organization and currency. In each group, the accounts below `target` (0 when
 * absent) are served lowest balance first, each from the richest accounts first (highest balance,
 * then registration); a giver never goes below the target itself, so a group without enough above
 * the target leaves its last accounts partly served. One executed ARBITRATION per transfer.
 */
export async function arbitrate(
  tx: Tx,
  caller: Caller,
  input: ArbitrationInput,
): Promise<{ operations: Operation[]; accounts: RecordOf<typeof bankAccount>[] }> {
  let ids: string[];
  if (input.accounts === undefined || input.accounts === null) {
    ids = (await storage.findWhere(tx, bankAccountKind, caller.tenant, sql<boolean>`status = 'ACTIVE'`, 1000)).map(
      (r) => r.registration,
    );
  } else {
    if (!Array.isArray(input.accounts) || input.accounts.length === 0 || input.accounts.length > 1000)
      throw new ApiError('INVALID_FIELD_VALUE', [String(input.accounts), 'accounts']);
    ids = [...new Set(input.accounts.map((a, i) => accountId(a, `accounts[${i}]`)))];
  }
  if (
    input.target !== undefined &&
    input.target !== null &&
    (typeof input.target !== 'number' || !Number.isFinite(input.target) || input.target < 0)
  ) {
    throw new ApiError('INVALID_FIELD_VALUE', [String(input.target), 'target (an amount of zero or more)']);
  }
  const valueDate =
    input.valueDate === undefined || input.valueDate === null || input.valueDate === '' ? today() : input.valueDate;
  if (!isDay(valueDate)) throw new ApiError('INVALID_DATE_FIELD', ['valueDate']);
  const reason = optionalReason(input.reason);
  const locked = await lockAccounts(
    tx,
    caller,
    ids.map((id) => ({ id, field: 'accounts' })),
  );
  const groups = new Map<string, AccountRow[]>();
  for (const row of locked.values()) {
    const key = `${String(row.data.organizationRegistration ?? '')}|${currencyOf(row)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const operations: Operation[] = [];
  const current = new Map(locked);
  for (const rows of groups.values()) {
    const currency = currencyOf(rows[0]);
    const target = input.target === undefined || input.target === null ? 0 : mustBeTarget(input.target, currency);
    const balance = (id: string) => units(current.get(id)!.data.balance, currency);
    const ordered = rows.map((r) => r.registration);
    const needy = ordered
      .filter((id) => balance(id) < target)
      .sort((a, b) => balance(a) - balance(b) || a.localeCompare(b));
    for (const id of needy) {
      while (balance(id) < target) {
        const giver = ordered
          .filter((g) => g !== id && balance(g) > target)
          .sort((a, b) => balance(b) - balance(a) || a.localeCompare(b))[0];
        if (!giver) break;
        const amount = Math.min(target - balance(id), balance(giver) - target);
        const done = await transfer(
          tx,
          caller,
          current.get(giver)!,
          current.get(id)!,
          amount,
          'ARBITRATION',
          valueDate,
          reason,
        );
        current.set(giver, done.from);
        current.set(id, done.to);
        operations.push(done.operation);
      }
    }
  }
  return { operations, accounts: [...current.values()].map(storage.toDocument) };
}

function mustBeTarget(value: number, currency: string): number {
  return value === 0 ? 0 : mustBeAmount(value, currency, 'target');
}

export interface OverdraftInput {
  account?: unknown;
  overdraftLimit?: unknown;
  reason?: unknown;
}

/**
 * POST /api/bank/set-overdraft: an executed OVERDRAFT_CHANGE (toAccount the account, amount the
 * new limit) and the account's limit changed. A limit the current balance already exceeds is
 * refused (409): the account would be overdrawn beyond it at once.
 */
export async function setOverdraft(
  tx: Tx,
  caller: Caller,
  input: OverdraftInput,
): Promise<{ operation: Operation; account: RecordOf<typeof bankAccount> }> {
  const id = accountId(input.account, 'account');
  if (input.overdraftLimit === undefined || input.overdraftLimit === null)
    throw new ApiError('MISSING_FIELD_IN_BODY', ['overdraftLimit']);
  if (input.reason === undefined || input.reason === null || input.reason === '')
    throw new ApiError('MISSING_FIELD_IN_BODY', ['reason']);
  const reason = optionalReason(input.reason)!;
  if (typeof input.overdraftLimit !== 'number' || !Number.isFinite(input.overdraftLimit) || input.overdraftLimit < 0) {
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(input.overdraftLimit),
      'overdraftLimit (an amount of zero or more)',
    ]);
  }
  const account = (await lockAccounts(tx, caller, [{ id, field: 'account' }])).get(id)!;
  const currency = currencyOf(account);
  const limit = input.overdraftLimit === 0 ? 0 : mustBeAmount(input.overdraftLimit, currency, 'overdraftLimit');
  const balance = units(account.data.balance, currency);
  if (balance < -limit) {
    throw new ApiError('TRANSITION_REJECTED', [
      'EXECUTE',
      bankOperationKind.name,
      account.registration,
      `the balance of ${account.registration} (${money(balance, currency)} ${currency}) is already below -${major(limit, currency)}`,
    ]);
  }
  const before = units(account.data.overdraftLimit, currency);
  const operation = await insertOperation(tx, caller, {
    type: 'OVERDRAFT_CHANGE',
    name: `Overdraft ${account.registration}: ${money(before, currency)} → ${major(limit, currency)}`,
    toAccount: account.registration,
    amount: major(limit, currency),
    currency,
    valueDate: today(),
    reason,
  });
  const after = await updateIn(
    tx,
    caller,
    bankAccount,
    account,
    withAvailable({ ...account.data, name: account.name, type: account.type, overdraftLimit: major(limit, currency) }),
    { action: 'OVERDRAFT_CHANGE', history: { details: { operation: operation.registration, reason } } },
  );
  return { operation, account: after };
}
