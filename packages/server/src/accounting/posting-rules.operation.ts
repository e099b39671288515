import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import { readConfiguration, writeConfiguration } from '../db/configuration.ts';
import type { Caller } from '../entities/crud.operation.ts';
import { insertHistory } from '../entities/history.ts';
import {
  analyticAxes,
  demoPostingRules,
  eventTypes,
  POSTING_RULES,
  validatePostingRules,
  type PostingRule,
} from './posting-rules.ts';
import { chartOf } from './reports.ts';

/**
 * The rule editor's writes: the tenant's `postingRules` replaced whole (checked first, the first
 * problem naming `postingRules[i].lines[j].field`) or removed to fall back on the demo rules; each
 * write with its History row (before and after), in the caller's transaction. Postings already
 * written keep their values: rules apply to events posted after the change.
 */
const historyOf = (
  tx: Tx,
  caller: Caller,
  action: string,
  before: PostingRule[] | undefined,
  after: PostingRule[] | undefined,
) =>
  insertHistory(tx, caller, {
    entityName: 'PostingRules',
    entityRegistration: POSTING_RULES,
    action,
    before: { rules: before ?? null },
    after: { rules: after ?? null },
  });

/** Locks the tenant's rules row (when there is one) so that two saves do not interleave. */
async function lockedRules(tx: Tx, tenant: string): Promise<PostingRule[] | undefined> {
  await sql`SELECT name FROM tenant_configuration WHERE tenant = ${tenant} AND name = ${POSTING_RULES} FOR UPDATE`.execute(
    tx,
  );
  return readConfiguration<PostingRule[]>(tx, tenant, POSTING_RULES);
}

export async function savePostingRules(tx: Tx, caller: Caller, value: unknown): Promise<PostingRule[]> {
  const rules = validatePostingRules(value);
  const before = await lockedRules(tx, caller.tenant);
  await writeConfiguration(tx, caller.tenant, POSTING_RULES, rules, caller.username);
  await historyOf(tx, caller, 'UPDATE', before, rules);
  return rules;
}

/** Back to the demo rules: the tenant's own are removed. */
export async function resetPostingRules(tx: Tx, caller: Caller): Promise<PostingRule[]> {
  const before = await lockedRules(tx, caller.tenant);
  if (before) {
    await sql`DELETE FROM tenant_configuration WHERE tenant = ${caller.tenant} AND name = ${POSTING_RULES}`.execute(tx);
    await historyOf(tx, caller, 'RESET', before, undefined);
  }
  return demoPostingRules;
}

/** What the editor offers: each event type's named amounts, the analytic axes, the chart's accounts, whether the tenant has its own rules. */
export async function postingRulesVocabulary(tx: Tx, tenant: string) {
  const chart = await chartOf(tx, tenant);
  return {
    eventTypes,
    analyticAxes,
    accounts: [...chart]
      .map(([account, { label, auxiliary }]) => ({ account, label, auxiliary }))
      .sort((a, b) => a.account.localeCompare(b.account)),
    custom: (await readConfiguration(tx, tenant, POSTING_RULES)) !== undefined,
  };
}
