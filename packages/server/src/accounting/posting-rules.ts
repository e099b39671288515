import { ApiError } from '@lbo/model/errors';
import type { Tx } from '../db/database.ts';
import { sql } from 'kysely';
import { ExpressionError, namesOf, parseExpression } from './expression.ts';

/**
 * Posting rules: per event type, the lines its postings take (account, secondary account, side,
 * amount expression over the event's named amounts, analytic codes). Tenant data: the tenant
 * configuration `postingRules` (a list of rules), the demo rules below when it has none. A rule
 * applies to an event when its `when` matches (receivable or payable, finance or operating
 * lease); the first that matches is used. Postings keep the values a rule gave: a rule changed
 * later never rewrites them.
 */
export const eventTypes = {
  // `rent`: its rent, principal and interest lines excluding tax (a finance lease's net investment billed); `services` the rest.
  INVOICE_ISSUED: ['amountExclTax', 'tax', 'amountInclTax', 'rent', 'services'],
  CREDIT_NOTE: ['amountExclTax', 'tax', 'amountInclTax', 'rent', 'services'],
  PAYMENT_RECEIVED: ['amount'],
  PAYMENT_RETURNED: ['amount'],
  // A fee invoice's figures; `amount` is its total including tax (the name rules written before the split use).
  REJECTION_FEE: ['amount', 'amountExclTax', 'tax', 'amountInclTax'],
  LATE_INTEREST: ['amount', 'amountExclTax', 'tax', 'amountInclTax'],
  ASSET_PURCHASE: ['amountExclTax', 'tax', 'amountInclTax'],
  CONTRACT_ACTIVATION: ['financedAmount'],
  INTEREST_ACCRUAL: ['interest'],
  // An operating lease's rental income of a month, straight-line over the term (lessor.ts).
  RENTAL_INCOME: ['income'],
  DEPRECIATION: ['depreciation'],
  // `outstanding`: the finance lease's net investment still carried; `indemnity`: the early termination's indemnity (billed by its settlement invoice).
  TERMINATION: ['outstanding', 'indemnity'],
  // `amount`: the balance written off including tax; `amountExclTax` and `tax` its parts at the invoice's own proportion.
  WRITE_OFF: ['amount', 'amountExclTax', 'tax'],
  // A claim settled (field work, docs/field-work.md): `amount`, the indemnity the insurer or carrier owes.
  CLAIM_SETTLEMENT: ['amount'],
} as const satisfies Record<string, readonly string[]>;
export type EventType = keyof typeof eventTypes;
export const eventTypeNames = Object.keys(eventTypes) as EventType[];

/** Finance lease (net investment, interest income) or operating lease (asset kept, rental income), from the contract's product. */
export type LeaseKind = 'FINANCE' | 'OPERATING';
export const operatingProducts = ['OPERATING_LEASE', 'RENTAL'];
export const leaseKindOf = (financialProduct: unknown): LeaseKind | undefined =>
  typeof financialProduct !== 'string' || !financialProduct
    ? undefined
    : operatingProducts.includes(financialProduct)
      ? 'OPERATING'
      : 'FINANCE';

/** Analytic axes a line may carry, read from the event. */
export const analyticAxes = ['product', 'organization', 'taxCode', 'contract'] as const;
export type AnalyticAxis = (typeof analyticAxes)[number];

export interface PostingRuleLine {
  account: string;
  secondaryAccount?: string;
  dc: 'D' | 'C';
  /** An amount expression (accounting/expression.ts); a negative result posts on the other side. */
  amount: string;
  label?: string;
  analytics?: AnalyticAxis[];
}

export interface PostingRule {
  eventType: EventType;
  when?: { pr?: 'R' | 'P'; leaseKind?: LeaseKind };
  /** FEC JournalCode and label (`VT` sales, `BQ` bank, `OD` miscellaneous). */
  journal: string;
  journalLabel?: string;
  lines: PostingRuleLine[];
}

const line = (
  account: string,
  dc: 'D' | 'C',
  amount: string,
  label: string,
  analytics?: AnalyticAxis[],
): PostingRuleLine => ({ account, dc, amount, label, ...(analytics ? { analytics } : {}) });

/** The demo chart's rules (French chart of accounts), also the rules of a tenant that set none. */
export const demoPostingRules: PostingRule[] = [
  {
    eventType: 'INVOICE_ISSUED',
    when: { pr: 'R', leaseKind: 'FINANCE' },
    journal: 'VT',
    journalLabel: 'Ventes',
    lines: [
      line('411000', 'D', 'amountInclTax', 'Client'),
      line('274000', 'C', 'rent', 'Net investment billed', ['product', 'organization']),
      line('706000', 'C', 'services', 'Services and fees billed', ['product', 'organization']),
      line('445710', 'C', 'tax', 'VAT collected', ['taxCode']),
    ],
  },
  // An operating lease's rents are deferred when billed and recognised straight-line by the month-end (RENTAL_INCOME).
  {
    eventType: 'INVOICE_ISSUED',
    when: { pr: 'R', leaseKind: 'OPERATING' },
    journal: 'VT',
    journalLabel: 'Ventes',
    lines: [
      line('411000', 'D', 'amountInclTax', 'Client'),
      line('487000', 'C', 'rent', 'Rents billed, deferred', ['product', 'organization']),
      line('706000', 'C', 'services', 'Services and fees billed', ['product', 'organization']),
      line('445710', 'C', 'tax', 'VAT collected', ['taxCode']),
    ],
  },
  {
    eventType: 'INVOICE_ISSUED',
    when: { pr: 'R' },
    journal: 'VT',
    journalLabel: 'Ventes',
    lines: [
      line('411000', 'D', 'amountInclTax', 'Client'),
      line('706000', 'C', 'amountExclTax', 'Rental income', ['product', 'organization']),
      line('445710', 'C', 'tax', 'VAT collected', ['taxCode']),
    ],
  },
  {
    eventType: 'INVOICE_ISSUED',
    when: { pr: 'P' },
    journal: 'AC',
    journalLabel: 'Achats',
    lines: [
      line('611000', 'D', 'amountExclTax', 'Services bought', ['product', 'organization']),
      line('445660', 'D', 'tax', 'VAT deductible', ['taxCode']),
      line('401000', 'C', 'amountInclTax', 'Supplier'),
    ],
  },
  {
    eventType: 'CREDIT_NOTE',
    when: { pr: 'R', leaseKind: 'FINANCE' },
    journal: 'VT',
    journalLabel: 'Ventes',
    lines: [
      line('274000', 'D', 'rent', 'Net investment credited', ['product', 'organization']),
      line('706000', 'D', 'services', 'Services and fees credited', ['product', 'organization']),
      line('445710', 'D', 'tax', 'VAT collected', ['taxCode']),
      line('411000', 'C', 'amountInclTax', 'Client'),
    ],
  },
  {
    eventType: 'CREDIT_NOTE',
    when: { pr: 'R', leaseKind: 'OPERATING' },
    journal: 'VT',
    journalLabel: 'Ventes',
    lines: [
      line('487000', 'D', 'rent', 'Rents credited, deferred', ['product', 'organization']),
      line('706000', 'D', 'services', 'Services and fees credited', ['product', 'organization']),
      line('445710', 'D', 'tax', 'VAT collected', ['taxCode']),
      line('411000', 'C', 'amountInclTax', 'Client'),
    ],
  },
  {
    eventType: 'CREDIT_NOTE',
    when: { pr: 'R' },
    journal: 'VT',
    journalLabel: 'Ventes',
    lines: [
      line('706000', 'D', 'amountExclTax', 'Rental income credited', ['product', 'organization']),
      line('445710', 'D', 'tax', 'VAT collected', ['taxCode']),
      line('411000', 'C', 'amountInclTax', 'Client'),
    ],
  },
  {
    eventType: 'CREDIT_NOTE',
    when: { pr: 'P' },
    journal: 'AC',
    journalLabel: 'Achats',
    lines: [
      line('401000', 'D', 'amountInclTax', 'Supplier'),
      line('611000', 'C', 'amountExclTax', 'Services credited', ['product', 'organization']),
      line('445660', 'C', 'tax', 'VAT deductible', ['taxCode']),
    ],
  },
  {
    eventType: 'PAYMENT_RECEIVED',
    when: { pr: 'P' },
    journal: 'BQ',
    journalLabel: 'Banque',
    lines: [line('401000', 'D', 'amount', 'Supplier paid'), line('512000', 'C', 'amount', 'Bank')],
  },
  {
    eventType: 'PAYMENT_RECEIVED',
    journal: 'BQ',
    journalLabel: 'Banque',
    lines: [line('512000', 'D', 'amount', 'Bank'), line('411000', 'C', 'amount', 'Client paid')],
  },
  {
    eventType: 'PAYMENT_RETURNED',
    journal: 'BQ',
    journalLabel: 'Banque',
    lines: [line('411000', 'D', 'amount', 'Payment returned'), line('512000', 'C', 'amount', 'Bank')],
  },
  {
    eventType: 'REJECTION_FEE',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('411000', 'D', 'amountInclTax', 'Rejection fee'),
      line('708800', 'C', 'amountExclTax', 'Fees charged', ['organization']),
      line('445710', 'C', 'tax', 'VAT collected', ['taxCode']),
    ],
  },
  {
    eventType: 'LATE_INTEREST',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('411000', 'D', 'amountInclTax', 'Late interest'),
      line('763000', 'C', 'amountExclTax', 'Late interest income', ['organization']),
      line('445710', 'C', 'tax', 'VAT collected', ['taxCode']),
    ],
  },
  {
    eventType: 'ASSET_PURCHASE',
    journal: 'AC',
    journalLabel: 'Achats',
    lines: [
      line('238000', 'D', 'amountExclTax', 'Asset bought for lease', ['product']),
      line('445620', 'D', 'tax', 'VAT on fixed assets', ['taxCode']),
      // 401000 (not 404000): the supplier's payment (PAYMENT_RECEIVED, payable) settles the same account.
      line('401000', 'C', 'amountInclTax', 'Asset supplier'),
    ],
  },
  {
    eventType: 'CONTRACT_ACTIVATION',
    when: { leaseKind: 'OPERATING' },
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('218200', 'D', 'financedAmount', 'Leased asset in service', ['product', 'organization']),
      line('238000', 'C', 'financedAmount', 'Asset bought for lease'),
    ],
  },
  {
    eventType: 'CONTRACT_ACTIVATION',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('274000', 'D', 'financedAmount', 'Net investment in the lease', ['product', 'organization']),
      line('238000', 'C', 'financedAmount', 'Asset bought for lease'),
    ],
  },
  {
    eventType: 'INTEREST_ACCRUAL',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('274000', 'D', 'interest', 'Interest accrued on the net investment', ['product', 'organization']),
      line('762000', 'C', 'interest', 'Finance lease interest income', ['product', 'organization']),
    ],
  },
  {
    eventType: 'RENTAL_INCOME',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('487000', 'D', 'income', 'Rents deferred, recognised', ['product', 'organization']),
      line('706000', 'C', 'income', 'Operating lease rental income', ['product', 'organization']),
    ],
  },
  {
    eventType: 'DEPRECIATION',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('681120', 'D', 'depreciation', 'Depreciation charge', ['product', 'organization']),
      line('281820', 'C', 'depreciation', 'Accumulated depreciation'),
    ],
  },
  {
    eventType: 'TERMINATION',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      // The indemnity is billed with the settlement (its invoice posts it): only the net investment leaves here.
      line('675000', 'D', 'outstanding', 'Net investment derecognised', ['product']),
      line('274000', 'C', 'outstanding', 'Net investment derecognised', ['product']),
    ],
  },
  {
    eventType: 'WRITE_OFF',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('654000', 'D', 'amountExclTax', 'Receivable written off', ['organization']),
      line('445710', 'D', 'tax', 'VAT on the receivable written off', ['taxCode']),
      line('411000', 'C', 'amount', 'Client'),
    ],
  },
  // The indemnity a settled claim is owed, receivable from the insurer or carrier until it is paid.
  {
    eventType: 'CLAIM_SETTLEMENT',
    journal: 'OD',
    journalLabel: 'Opérations diverses',
    lines: [
      line('467000', 'D', 'amount', 'Claim indemnity receivable'),
      line('791000', 'C', 'amount', 'Claim indemnity', ['organization']),
    ],
  },
];

const invalid = (path: string, why: string) => new ApiError('INVALID_FIELD_IN_CONFIG', [path, why]);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a tenant's `postingRules`: known event types, accounts, sides, expressions over the event's amounts. */
export function validatePostingRules(value: unknown): PostingRule[] {
  if (!Array.isArray(value)) throw new ApiError('INVALID_ARRAY_FIELD', ['postingRules']);
  if (value.length > 500) throw invalid('postingRules', 'at most 500 rules');
  return value.map((rule, r) => {
    const path = `postingRules[${r}]`;
    if (!isObject(rule)) throw new ApiError('INVALID_OBJECT_FIELD', [path]);
    if (!Object.hasOwn(eventTypes, rule.eventType as string))
      throw invalid(`${path}.eventType`, `one of ${eventTypeNames.join(', ')}`);
    const names: readonly string[] = eventTypes[rule.eventType as EventType];
    if (typeof rule.journal !== 'string' || !/^[A-Z0-9]{1,10}$/.test(rule.journal))
      throw invalid(`${path}.journal`, 'a journal code of 1 to 10 capitals or digits');
    if (rule.when !== undefined) {
      if (!isObject(rule.when)) throw new ApiError('INVALID_OBJECT_FIELD', [`${path}.when`]);
      const { pr, leaseKind, ...other } = rule.when;
      if (Object.keys(other).length) throw invalid(`${path}.when.${Object.keys(other)[0]}`, 'only pr and leaseKind');
      if (pr !== undefined && pr !== 'R' && pr !== 'P') throw invalid(`${path}.when.pr`, 'R or P');
      if (leaseKind !== undefined && leaseKind !== 'FINANCE' && leaseKind !== 'OPERATING')
        throw invalid(`${path}.when.leaseKind`, 'FINANCE or OPERATING');
    }
    if (!Array.isArray(rule.lines) || rule.lines.length < 2 || rule.lines.length > 50)
      throw invalid(`${path}.lines`, '2 to 50 lines');
    rule.lines.forEach((l: unknown, i: number) => {
      const at = `${path}.lines[${i}]`;
      if (!isObject(l)) throw new ApiError('INVALID_OBJECT_FIELD', [at]);
      if (typeof l.account !== 'string' || !/^[0-9A-Z]{1,20}$/.test(l.account))
        throw invalid(`${at}.account`, 'an account number');
      if (
        l.secondaryAccount !== undefined &&
        (typeof l.secondaryAccount !== 'string' || !/^[0-9A-Z]{1,20}$/.test(l.secondaryAccount))
      )
        throw invalid(`${at}.secondaryAccount`, 'an account number');
      if (l.dc !== 'D' && l.dc !== 'C') throw invalid(`${at}.dc`, 'D or C');
      let names_: string[];
      try {
        names_ = namesOf(parseExpression(l.amount as string));
      } catch (e) {
        if (e instanceof ExpressionError) throw invalid(`${at}.amount`, e.message);
        throw e;
      }
      const unknown = names_.find((n) => !names.includes(n));
      if (unknown)
        throw invalid(`${at}.amount`, `${unknown} is not an amount of ${String(rule.eventType)} (${names.join(', ')})`);
      if (l.label !== undefined && (typeof l.label !== 'string' || l.label.length > 200))
        throw invalid(`${at}.label`, 'a text of at most 200 characters');
      if (
        l.analytics !== undefined &&
        !(Array.isArray(l.analytics) && l.analytics.every((a) => (analyticAxes as readonly unknown[]).includes(a)))
      ) {
        throw invalid(`${at}.analytics`, `a list of ${analyticAxes.join(', ')}`);
      }
    });
    return rule as unknown as PostingRule;
  });
}

export const POSTING_RULES = 'postingRules';

/** The tenant's rules: its configuration, else the demo rules. */
export async function postingRulesOf(tx: Tx, tenant: string): Promise<PostingRule[]> {
  // Read here rather than through auth/tenant-configuration.ts, which imports this file's validator.
  const { rows } = await sql<{
    value: PostingRule[];
  }>`SELECT value FROM tenant_configuration WHERE tenant = ${tenant} AND name = ${POSTING_RULES}`.execute(tx);
  return rows[0]?.value ?? demoPostingRules;
}

/** The first rule of the event's type whose conditions the event meets. */
export function ruleFor(
  rules: PostingRule[],
  event: { eventType: string; pr?: string; leaseKind?: LeaseKind },
): PostingRule | undefined {
  return rules.find(
    (rule) =>
      rule.eventType === event.eventType &&
      (rule.when?.pr === undefined || rule.when.pr === event.pr) &&
      (rule.when?.leaseKind === undefined || rule.when.leaseKind === event.leaseKind),
  );
}
