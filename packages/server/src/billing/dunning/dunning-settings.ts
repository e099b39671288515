/**
 * The tenant's collection rules, as tenant configuration documents (PUT
 * /api/core/tenant-configuration/{name}) over the product's defaults:
 *   - `dunning`: the levels an unpaid invoice climbs (code, label, days after its due date, fee,
 *     LETTER or EMAIL, subject and text per language), the late-payment interest rate (yearly,
 *     applied as rate × days / 365 on the overdue amount) and the fixed recovery indemnity
 *     (40 EUR per invoice to a business payer in France: Code de commerce L441-10, D441-5);
 *   - `debitReturns`: the fee charged for a returned direct debit, and the reason codes that revoke
 *     the mandate.
 * A level's texts fill `{invoiceNumber}`, `{amount}`, `{currency}`, `{dueDate}`, `{days}`,
 * `{payer}`, `{contract}`, `{interest}`, `{indemnity}`, `{date}`.
 */
import { ApiError } from '@lbo/model/errors';
import { documentLanguage, documentText } from '@lbo/model/i18n/documents/document-texts';
import { referenceLists, taxRates } from '@lbo/model/reference-lists';
import { isObject } from '@lbo/model/values/validate';
import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';

export interface LevelText {
  subject: string;
  body: string;
}

export interface DunningLevel {
  code: string;
  label: Record<string, string>;
  /** Days after the due date from which an unpaid invoice reaches this level. */
  days: number;
  /** Charged (excluding tax) as a fee invoice when the level is reached; 0 for none. */
  fee: number;
  /**
   * When true, the late-payment interest owed on reaching the level, less what earlier levels
   * invoiced, is charged as an invoice (line LATE_INTEREST, outside the scope of VAT); otherwise
   * it is only claimed in the letter and recorded on the collection case.
   */
  chargeInterest?: boolean;
  channel: 'LETTER' | 'EMAIL';
  /** Per language (`en`, `fr`…); English when the payer's language has none. */
  texts: Record<string, LevelText>;
}

export interface DunningSettings {
  levels: DunningLevel[];
  /** Yearly late-payment interest rate (0.12 = 12 %). */
  interestRate: number;
  /** The fixed recovery indemnity per invoice, owed by business payers only when `businessOnly`. */
  indemnity: { amount: number; businessOnly: boolean };
  /** The tax code of level fees. */
  feeTaxCode: string;
}

export interface DebitReturnSettings {
  /** The rejection fee, excluding tax; 0 charges nothing. */
  fee: number;
  taxCode: string;
  /** Days after the return the fee is due. */
  dueDays: number;
  /** Reason codes after which the payer's mandate is revoked. */
  revokeMandateOn: string[];
}

const text = (en: [string, string], fr: [string, string]): Record<string, LevelText> => ({
  en: { subject: en[0], body: en[1] },
  fr: { subject: fr[0], body: fr[1] },
});

export const defaultDunning: DunningSettings = {
  levels: [
    {
      code: 'REMINDER',
      label: { en: 'Reminder', fr: 'Relance' },
      days: 10,
      fee: 0,
      channel: 'EMAIL',
      texts: text(
        [
          'Reminder: invoice {invoiceNumber} is unpaid',
          'Dear {payer},\n\nOur records show that invoice {invoiceNumber} of {amount} {currency}, due on {dueDate}, is still unpaid {days} days later. If you have already paid it, please disregard this message; otherwise we thank you for settling it promptly.',
        ],
        [
          'Relance : facture {invoiceNumber} impayée',
          'Madame, Monsieur,\n\nSauf erreur de notre part, la facture {invoiceNumber} de {amount} {currency}, échue le {dueDate}, reste impayée depuis {days} jours. Si vous l’avez déjà réglée, merci de ne pas tenir compte de ce message ; à défaut, nous vous remercions de procéder à son règlement dans les meilleurs délais.',
        ],
      ),
    },
    {
      code: 'SECOND_REMINDER',
      label: { en: 'Second reminder', fr: 'Deuxième relance' },
      days: 25,
      fee: 0,
      channel: 'LETTER',
      texts: text(
        [
          'Second reminder: invoice {invoiceNumber}',
          'Dear {payer},\n\nDespite our first reminder, invoice {invoiceNumber} of {amount} {currency}, due on {dueDate}, is still unpaid {days} days later. Late-payment interest of {interest} {currency} has accrued. We ask you to settle it without delay.',
        ],
        [
          'Deuxième relance : facture {invoiceNumber}',
          'Madame, Monsieur,\n\nMalgré notre première relance, la facture {invoiceNumber} de {amount} {currency}, échue le {dueDate}, reste impayée depuis {days} jours. Des intérêts de retard de {interest} {currency} ont couru. Nous vous demandons de la régler sans délai.',
        ],
      ),
    },
    {
      code: 'FORMAL_NOTICE',
      label: { en: 'Formal notice', fr: 'Mise en demeure' },
      days: 45,
      fee: 0,
      channel: 'LETTER',
      texts: text(
        [
          'Formal notice to pay invoice {invoiceNumber}',
          'Dear {payer},\n\nInvoice {invoiceNumber} of {amount} {currency}, due on {dueDate}, remains unpaid {days} days later despite our reminders. We hereby give you formal notice to pay it within eight days, together with late-payment interest of {interest} {currency} and the fixed recovery indemnity of {indemnity} {currency}. Failing payment, the matter will be referred to litigation and the contract {contract} may be terminated.',
        ],
        [
          'Mise en demeure de payer la facture {invoiceNumber}',
          'Madame, Monsieur,\n\nLa facture {invoiceNumber} de {amount} {currency}, échue le {dueDate}, reste impayée depuis {days} jours malgré nos relances. Par la présente, nous vous mettons en demeure de la régler sous huit jours, avec les intérêts de retard de {interest} {currency} et l’indemnité forfaitaire pour frais de recouvrement de {indemnity} {currency}. À défaut, le dossier sera transmis au contentieux et le contrat {contract} pourra être résilié.',
        ],
      ),
    },
  ],
  interestRate: 0.12,
  indemnity: { amount: 40, businessOnly: true },
  feeTaxCode: 'VAT20',
};

export const defaultDebitReturns: DebitReturnSettings = {
  fee: 15,
  taxCode: 'VAT20',
  dueDays: 0,
  revokeMandateOn: ['MD01', 'AC04'],
};

const reasonCodes = () => new Set((referenceLists.sepaReturnReason ?? []).map((item) => item.value));
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const CODE = /^[A-Z][A-Z0-9_]{0,39}$/;

const amountOf = (value: unknown, field: string) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || Math.round(value * 100) !== value * 100) {
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [field, 'an amount of at least 0 with at most 2 decimals']);
  }
  return value;
};
const taxCodeOf = (value: unknown, field: string) => {
  if (typeof value !== 'string' || !(value in taxRates))
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [field, `a tax code among ${Object.keys(taxRates).join(', ')}`]);
  return value;
};
const onlyFields = (value: Record<string, unknown>, fields: string[], prefix = '') => {
  const unknown = Object.keys(value).find((key) => !fields.includes(key));
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [`${prefix}${unknown}`]);
};

function validateLevel(value: unknown, i: number): DunningLevel {
  const at = `levels[${i}]`;
  if (!isObject(value)) throw new ApiError('INVALID_OBJECT_FIELD', [at]);
  onlyFields(value, ['code', 'label', 'days', 'fee', 'chargeInterest', 'channel', 'texts'], `${at}.`);
  if (value.chargeInterest !== undefined && typeof value.chargeInterest !== 'boolean')
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${at}.chargeInterest`, 'true or false']);
  if (typeof value.code !== 'string' || !CODE.test(value.code))
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${at}.code`, 'upper-case letters, digits and _']);
  if (!Number.isInteger(value.days) || (value.days as number) < 1 || (value.days as number) > 3650)
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${at}.days`, 'a whole number of days from 1 to 3650']);
  if (value.channel !== 'LETTER' && value.channel !== 'EMAIL')
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${at}.channel`, 'LETTER or EMAIL']);
  const strings = (v: unknown, field: string) => {
    if (!isObject(v)) throw new ApiError('INVALID_OBJECT_FIELD', [field]);
    for (const [language, s] of Object.entries(v)) {
      if (!LANGUAGE.test(language))
        throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${field}.${language}`, 'a language code like fr']);
      if (typeof s !== 'string' || !s.trim() || s.length > 200)
        throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${field}.${language}`, 'a text of 1 to 200 characters']);
    }
    return v as Record<string, string>;
  };
  const label = value.label === undefined ? { en: value.code } : strings(value.label, `${at}.label`);
  if (!isObject(value.texts) || !Object.keys(value.texts).length)
    throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', [`${at}.texts`]);
  const texts: Record<string, LevelText> = {};
  for (const [language, t] of Object.entries(value.texts)) {
    const field = `${at}.texts.${language}`;
    if (!LANGUAGE.test(language)) throw new ApiError('INVALID_FIELD_IN_CONFIG', [field, 'a language code like fr']);
    if (!isObject(t)) throw new ApiError('INVALID_OBJECT_FIELD', [field]);
    onlyFields(t, ['subject', 'body'], `${field}.`);
    if (typeof t.subject !== 'string' || !t.subject.trim() || t.subject.length > 200)
      throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${field}.subject`, 'a text of 1 to 200 characters']);
    if (typeof t.body !== 'string' || !t.body.trim() || t.body.length > 5000)
      throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${field}.body`, 'a text of 1 to 5000 characters']);
    texts[language] = { subject: t.subject, body: t.body };
  }
  return {
    code: value.code,
    label,
    days: value.days as number,
    fee: value.fee === undefined ? 0 : amountOf(value.fee, `${at}.fee`),
    ...(value.chargeInterest ? { chargeInterest: true } : {}),
    channel: value.channel,
    texts,
  };
}

/** The `dunning` configuration's rules: levels by increasing days, codes unique; the first problem names its field. */
export function validateDunning(value: unknown): Partial<DunningSettings> {
  if (!isObject(value)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  onlyFields(value, ['levels', 'interestRate', 'indemnity', 'feeTaxCode']);
  const out: Partial<DunningSettings> = {};
  if (value.levels !== undefined) {
    if (!Array.isArray(value.levels) || !value.levels.length || value.levels.length > 10)
      throw new ApiError('INVALID_FIELD_IN_CONFIG', ['levels', 'a list of 1 to 10 levels']);
    const levels = value.levels.map(validateLevel);
    levels.forEach((l, i) => {
      if (levels.findIndex((o) => o.code === l.code) !== i)
        throw new ApiError('VALUE_ALREADY_EXISTS', [l.code, `levels[${i}].code`]);
      if (i > 0 && l.days <= levels[i - 1].days)
        throw new ApiError('INVALID_FIELD_IN_CONFIG', [
          `levels[${i}].days`,
          `more days than the level before (${levels[i - 1].days})`,
        ]);
    });
    out.levels = levels;
  }
  if (value.interestRate !== undefined) {
    if (typeof value.interestRate !== 'number' || !(value.interestRate >= 0 && value.interestRate <= 1))
      throw new ApiError('INVALID_FIELD_IN_CONFIG', ['interestRate', 'a yearly rate from 0 to 1 (0.12 for 12 %)']);
    out.interestRate = value.interestRate;
  }
  if (value.indemnity !== undefined) {
    if (!isObject(value.indemnity)) throw new ApiError('INVALID_OBJECT_FIELD', ['indemnity']);
    onlyFields(value.indemnity, ['amount', 'businessOnly'], 'indemnity.');
    if (value.indemnity.businessOnly !== undefined && typeof value.indemnity.businessOnly !== 'boolean')
      throw new ApiError('INVALID_BOOLEAN_FIELD', ['indemnity.businessOnly']);
    out.indemnity = {
      amount: amountOf(value.indemnity.amount ?? 0, 'indemnity.amount'),
      businessOnly: value.indemnity.businessOnly !== false,
    };
  }
  if (value.feeTaxCode !== undefined) out.feeTaxCode = taxCodeOf(value.feeTaxCode, 'feeTaxCode');
  return out;
}

/** The `debitReturns` configuration's rules. */
export function validateDebitReturns(value: unknown): Partial<DebitReturnSettings> {
  if (!isObject(value)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  onlyFields(value, ['fee', 'taxCode', 'dueDays', 'revokeMandateOn']);
  const out: Partial<DebitReturnSettings> = {};
  if (value.fee !== undefined) out.fee = amountOf(value.fee, 'fee');
  if (value.taxCode !== undefined) out.taxCode = taxCodeOf(value.taxCode, 'taxCode');
  if (value.dueDays !== undefined) {
    if (!Number.isInteger(value.dueDays) || (value.dueDays as number) < 0 || (value.dueDays as number) > 365)
      throw new ApiError('INVALID_FIELD_IN_CONFIG', ['dueDays', 'a whole number of days from 0 to 365']);
    out.dueDays = value.dueDays as number;
  }
  if (value.revokeMandateOn !== undefined) {
    const codes = reasonCodes();
    if (!Array.isArray(value.revokeMandateOn)) throw new ApiError('INVALID_ARRAY_FIELD', ['revokeMandateOn']);
    value.revokeMandateOn.forEach((code, i) => {
      if (typeof code !== 'string' || !codes.has(code))
        throw new ApiError('INVALID_FIELD_IN_CONFIG', [
          `revokeMandateOn[${i}]`,
          'an ISO reason code of the sepaReturnReason list',
        ]);
    });
    out.revokeMandateOn = value.revokeMandateOn as string[];
  }
  return out;
}

async function stored<T>(tx: Tx, tenant: string, name: string): Promise<Partial<T>> {
  const { rows } = await sql<{
    value: Partial<T>;
  }>`SELECT value FROM tenant_configuration WHERE tenant = ${tenant} AND name = ${name}`.execute(tx);
  return rows[0]?.value ?? {};
}

/** The tenant's dunning rules over the defaults. */
export async function dunningSettingsOf(tx: Tx, tenant: string): Promise<DunningSettings> {
  const value = await stored<DunningSettings>(tx, tenant, 'dunning');
  return {
    levels: value.levels ?? defaultDunning.levels,
    interestRate: value.interestRate ?? defaultDunning.interestRate,
    indemnity: value.indemnity ?? defaultDunning.indemnity,
    feeTaxCode: value.feeTaxCode ?? defaultDunning.feeTaxCode,
  };
}

/** The tenant's returned-debit rules over the defaults. */
export async function debitReturnSettingsOf(tx: Tx, tenant: string): Promise<DebitReturnSettings> {
  return { ...defaultDebitReturns, ...(await stored<DebitReturnSettings>(tx, tenant, 'debitReturns')) };
}

/** `{x}` placeholders filled from `values` (unknown ones left as they are). */
export const fillText = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

/**
 * A level's subject and body in `tag`'s language: the level's own text of that locale or language
 * if it has one, else its English through the documents' dictionary (the product's default levels
 * are translated there; a tenant's own English stays English).
 */
export function levelTextsIn(level: DunningLevel, tag: string): LevelText {
  const language = documentLanguage(tag);
  const own = level.texts[tag] ?? level.texts[language];
  if (own) return own;
  const english = level.texts.en ?? Object.values(level.texts)[0];
  return { subject: documentText(language, english.subject), body: documentText(language, english.body) };
}
