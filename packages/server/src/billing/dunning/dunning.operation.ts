/**
 * Dunning (docs/api.md "Dunning"): every unpaid receivable invoice past due climbs to the highest
 * level of the tenant's `dunning` configuration its days late reach, on the day given — never
 * twice to the same level, never down, and not at all once paid. Reaching a level, in the
 * chunk's transaction:
 *   - late-payment interest (balance × yearly rate × days late / 365, rounded half up to the cent)
 *     and the fixed recovery indemnity (business payers by default) are computed and recorded on
 *     the contract's collection case (the latest figures per invoice), not invoiced: they are owed
 *     by law and claimed in the letters, and a case's litigation decides what is billed;
 *   - the level's fee, when it has one, is charged as an issued fee invoice; a level that charges
 *     interest (`chargeInterest`) invoices the interest owed less what earlier levels invoiced
 *     (line LATE_INTEREST, VAT0: late-payment interest is outside the scope of VAT), which the
 *     books post as LATE_INTEREST;
 *   - a Communication holds the text in the payer's language, with the letter as a PDF document
 *     (type DUNNING_LETTER) when an object store is given: a LETTER is SENT (printed by hand), an
 *     EMAIL is SCHEDULED, for the mail service's outbox to send it with its PDF (docs/mail.md);
 *   - the invoice keeps its `dunningLevel` and `dunningDate`, with History;
 *   - the collection case is opened or updated (collection-case.ts).
 * A run walks the open invoices by registration in chunks (the cursor is the last one seen), so a
 * background batch resumes where it stopped and a second run on the same day changes nothing.
 */
import { sql } from 'kysely';
import { invoiceLine as invoiceLineKind } from '@lbo/model/entities/billing/invoice-line.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { communication as communicationKind } from '@lbo/model/entities/communication/communication.entity';
import { person } from '@lbo/model/entities/person/person.entity';
import { Dec } from '@lbo/model/finance/decimal';
import type { InputOf } from '@lbo/model/record-types';
import { invoiceBalance, major, minor } from '@lbo/model/finance/amounts';
import { addDays } from '@lbo/model/values/dates';
import { personWith } from '@lbo/model/values/parties';
import type { Tx } from '../../db/database.ts';
import { discardContent, recordDocuments, storeContent, type StoredContent } from '../../documents/documents.module.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { createManyIn, updateManyIn } from '../../entities/bulk-writes.ts';
import { createIn, freeRegistrations } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc, RowOf } from '../../entities/storage.ts';
import { canRun, type WorkflowCaller } from '../../workflow/permissions.ts';
import { loadWorkflow } from '../../workflow/workflow-config.ts';
import { runTransition } from '../../workflow/workflow.operation.ts';
import { personName } from '../payment-terms.ts';
import { recordCollectionActions, type CaseAction } from './collection-case.ts';
import { renderInPool } from '../invoice-pdf/pdf-workers.ts';
import {
  dunningSettingsOf,
  fillText,
  levelTextsIn,
  type DunningLevel,
  type DunningSettings,
} from './dunning-settings.ts';
import { chargeFee } from './fee-invoice.ts';

type InvoiceRow = RowOf<typeof invoiceKind>;
type PersonRow = RowOf<typeof person>;

/**
 * How many invoices one chunk looks at: a chunk holds its connection while it writes letters, so it stays short (a
 * few seconds at most on PGlite); its writes go set-wise, a hundred at a time.
 */
export const DUNNING_CHUNK = 100;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Late-payment interest on `balance` minor units: balance × rate × days / 365, rounded half up, in minor units. */
export const lateInterest = (balance: number, rate: number, days: number) =>
  new Dec(balance).times(rate).times(days).dividedBy(365).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();

/** A payer is a business unless it is an individual (personType I) or an employee (E). */
const isBusiness = (payer: PersonRow | undefined) =>
  !!payer && !['I', 'E'].includes(String(payer.type ?? payer.data.type ?? ''));

/** The level `days` late reach (the highest whose days have passed), or none. */
export function levelReached(levels: DunningLevel[], days: number): number {
  let reached = -1;
  levels.forEach((l, i) => {
    if (days >= l.days) reached = i;
  });
  return reached;
}

/** The open receivable invoices due at least the first level's days before `date`, after `cursor`, locked. */
async function candidates(
  tx: Tx,
  tenant: string,
  date: string,
  firstDays: number,
  cursor: string | null,
  limit: number,
): Promise<InvoiceRow[]> {
  const dueBy = addDays(date, -firstDays);
  const { rows } =
    await sql<InvoiceRow>`SELECT _id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version
    FROM ${sql.table(invoiceKind.table)} WHERE tenant = ${tenant} AND status IN ('ISSUED', 'PARTIALLY_PAID') AND COALESCE(data->>'pr', 'R') = 'R'
    AND COALESCE(type, '') <> 'CREDIT_NOTE' AND data->>'dueDate' <= ${dueBy} AND registration > ${cursor ?? ''}
    ORDER BY registration LIMIT ${limit} FOR UPDATE`.execute(tx);
  return rows;
}

/** How many invoices a run on `date` has to look at (a batch's total). */
export async function countDunningCandidates(tx: Tx, tenant: string, date: string): Promise<number> {
  const settings = await dunningSettingsOf(tx, tenant);
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM ${sql.table(invoiceKind.table)} WHERE tenant = ${tenant}
    AND status IN ('ISSUED', 'PARTIALLY_PAID') AND COALESCE(data->>'pr', 'R') = 'R' AND COALESCE(type, '') <> 'CREDIT_NOTE'
    AND data->>'dueDate' <= ${addDays(date, -settings.levels[0].days)}`.execute(tx);
  return Number(rows[0].n);
}

export interface Dunned {
  invoiceRegistration: string;
  level: string;
  communicationRegistration: string;
  caseRegistration: string;
  feeInvoiceRegistration?: string;
  interestInvoiceRegistration?: string;
}

interface Context {
  tx: Tx;
  caller: WorkflowCaller;
  date: string;
  settings: DunningSettings;
  store?: ObjectStore;
}

/** What an invoice's climb writes besides its fees: its communication, its letter, its level and its case's action. */
interface Climb {
  invoice: InvoiceRow;
  level: DunningLevel;
  communication: Doc & { registration: string };
  letter?: PendingLetter;
  action: CaseAction;
  fee?: string;
  interestInvoice?: string;
}

/**
 * The invoice climbs to `levels[index]`: interest, indemnity, fee and interest invoices (issued now,
 * one by one through their workflow), and the communication, letter, level and case action that
 * the chunk then writes together. `registration` is its communication's.
 */
async function climb(
  { tx, caller, date, settings, store }: Context,
  people: Map<string, PersonRow>,
  invoice: InvoiceRow,
  index: number,
  days: number,
  registration: string,
): Promise<Climb> {
  const level = settings.levels[index];
  const d = invoice.data;
  const currency = d.currency ?? 'EUR';
  const balance = invoiceBalance(d);
  const payerRegistration = personWith(d, 'PAYER');
  const payeeRegistration = personWith(d, 'PAYEE');
  const payer = payerRegistration ? people.get(payerRegistration) : undefined;
  const payee = payeeRegistration ? people.get(payeeRegistration) : undefined;
  const interest = major(lateInterest(balance, settings.interestRate, days), currency);
  const indemnity = !settings.indemnity.businessOnly || isBusiness(payer) ? settings.indemnity.amount : 0;
  const language = String(d.language ?? payer?.data.preferredLanguage ?? 'en');
  const texts = levelTextsIn(level, language);
  const values: Record<string, string> = {
    invoiceNumber: String(d.invoiceNumber ?? invoice.registration),
    amount: major(balance, currency).toFixed(2),
    currency,
    dueDate: String(d.dueDate),
    days: String(days),
    payer: payer ? personName(payer) : String(payerRegistration ?? ''),
    contract: String(d.contractRegistration ?? ''),
    interest: interest.toFixed(2),
    indemnity: indemnity.toFixed(2),
    date,
  };
  const subject = fillText(texts.subject, values);
  const content = fillText(texts.body, values);

  const fee =
    level.fee > 0
      ? await chargeFee(tx, caller, {
          source: invoice,
          label: `${level.label.en ?? level.code} fee for ${values.invoiceNumber}`,
          amountExclTax: level.fee,
          taxCode: settings.feeTaxCode,
          lineType: 'FEE',
          date,
          dueDays: 0,
        })
      : undefined;

  const owedInterest = level.chargeInterest
    ? lateInterest(balance, settings.interestRate, days) -
      (await interestInvoiced(tx, caller, invoice.registration, currency))
    : 0;
  const interestInvoice =
    owedInterest > 0
      ? await chargeFee(tx, caller, {
          source: invoice,
          label: `Late-payment interest for ${values.invoiceNumber} (${days} days)`,
          amountExclTax: major(owedInterest, currency),
          taxCode: 'VAT0',
          lineType: 'LATE_INTEREST',
          date,
          dueDays: 0,
        })
      : undefined;

  const communication = {
    registration,
    status: 'DRAFT',
    type: level.channel,
    name: subject,
    date: `${date}T08:00:00.000Z`,
    subject,
    category: 'DUNNING',
    persons: payer ? [{ role: 'PAYER', personRegistration: payer.registration, name: personName(payer) }] : [],
    contractRegistration: d.contractRegistration ?? null,
    invoiceRegistration: invoice.registration,
    content,
    ...(level.channel === 'EMAIL' && typeof payer?.data.email === 'string' ? { to: payer.data.email } : {}),
  };
  let letter: PendingLetter | undefined;
  if (store) {
    const address = (payer?.data.addresses ?? [])[0];
    const pdf = renderInPool({
      kind: 'letter',
      letter: {
        language,
        sender: payee ? personName(payee) : '',
        recipient: values.payer,
        address: address
          ? [address.addressLine ?? address.address1, [address.zipcode, address.city].filter(Boolean).join(' ')]
              .filter((s): s is string => !!s)
              .map(String)
          : [],
        date,
        subject,
        body: content,
        currency,
        figures: {
          invoiceNumber: values.invoiceNumber,
          dueDate: values.dueDate,
          days,
          overdue: major(balance, currency),
          interest,
          indemnity,
        },
      },
    });
    // Rendered by the pool of PDF threads while the chunk goes on, awaited when the chunk stores its letters; a
    // failure meanwhile is not an unhandled rejection.
    pdf.catch(() => {});
    letter = { name: `${level.code} ${values.invoiceNumber}.pdf`, communication: registration, pdf };
  }
  return {
    invoice,
    level,
    communication,
    letter,
    action: {
      date,
      action: 'DUNNING',
      invoice,
      level: level.code,
      levelOrder: settings.levels.map((l) => l.code),
      communicationRegistration: registration,
      interest,
      indemnity,
      ...(fee ? { feeInvoiceRegistration: String(fee.registration) } : {}),
    },
    ...(fee ? { fee: String(fee.registration) } : {}),
    ...(interestInvoice ? { interestInvoice: String(interestInvoice.registration) } : {}),
  };
}

/**
 * The communications' first move (SCHEDULE an e-mail, SEND a letter) as the tenant's workflow has
 * it, when it is a plain move the chunk may write with the record (no side effect, guard or
 * required field): then each communication is written in its moved status, with one History row.
 */
async function plainMoves(tx: Tx, caller: WorkflowCaller): Promise<boolean> {
  const { workflow } = await loadWorkflow(tx, caller.tenant, communicationKind);
  return (['SCHEDULE', 'SEND'] as const).every((code) => {
    const tr = workflow.transitions.find((x) => x.code === code);
    return (
      !!tr &&
      tr.from.includes('DRAFT') &&
      tr.to === (code === 'SEND' ? 'SENT' : 'SCHEDULED') &&
      !tr.featureFlag &&
      !tr.types &&
      !tr.requiredFields.length &&
      !(tr.sideEffects ?? []).length &&
      canRun(caller, tr)
    );
  });
}

/** A letter being rendered for a communication, and the name of its PDF. */
interface PendingLetter {
  name: string;
  communication: string;
  pdf: Promise<Buffer>;
}

/** Letters whose contents are written to the object store together (files or requests in flight at once). */
const STORED_AT_ONCE = 8;

/**
 * Writes each letter, once rendered, into the object store, a few at a time, and answers their
 * contents in the letters' order. It runs while the chunk writes its records; on a failure it
 * stops, removes what it stored and fails.
 */
async function storeLetters(store: ObjectStore, tenant: string, letters: PendingLetter[]): Promise<StoredContent[]> {
  const contents: StoredContent[] = [];
  let next = 0;
  let failed = false;
  const writer = async () => {
    while (!failed && next < letters.length) {
      const i = next++;
      try {
        contents[i] = await storeContent(store, tenant, letters[i].name, await letters[i].pdf, 'application/pdf');
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(STORED_AT_ONCE, letters.length) }, writer));
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await discardLetters(store, contents);
    throw failure.reason;
  }
  return contents;
}

const discardLetters = (store: ObjectStore, contents: (StoredContent | undefined)[]) =>
  Promise.all(contents.map((content) => content && discardContent(store, content)));

/** The late-payment interest already invoiced on an invoice (its LATE_INTEREST fee invoices not cancelled), in minor units. */
async function interestInvoiced(
  tx: Tx,
  caller: WorkflowCaller,
  registration: string,
  currency: string,
): Promise<number> {
  const { rows } = await sql<{ total: string | null }>`SELECT sum((l.data->>'amountExclTax')::numeric)::text AS total
    FROM ${sql.table(invoiceLineKind.table)} l JOIN ${sql.table(invoiceKind.table)} i ON i.tenant = l.tenant AND i.registration = l.data->>'invoiceRegistration'
    WHERE l.tenant = ${caller.tenant} AND l.type = 'LATE_INTEREST' AND i.data->>'internalReference' = ${registration} AND i.status <> 'CANCELLED'`.execute(
    tx,
  );
  return minor(Number(rows[0]?.total ?? 0), currency);
}

export interface DunningChunk {
  dunned: Dunned[];
  examined: number;
  cursor: string | null;
  finished: boolean;
}

/**
 * One chunk of a dunning run on `date` after `cursor`, set-wise: the chunk's invoices, their payers
 * and payees read in a few statements; the fee invoices issued one by one (each through its
 * workflow); then the communications, the invoices' levels and the collection cases written
 * together, each record with its History row; then the letters stored.
 */
export async function dunChunk(
  tx: Tx,
  caller: WorkflowCaller,
  date: string,
  cursor: string | null,
  store?: ObjectStore,
  limit = DUNNING_CHUNK,
): Promise<DunningChunk> {
  const settings = await dunningSettingsOf(tx, caller.tenant);
  const invoices = await candidates(tx, caller.tenant, date, settings.levels[0].days, cursor, limit);
  const context: Context = { tx, caller, date, settings, store };
  const steps: { invoice: InvoiceRow; target: number; days: number }[] = [];
  for (const invoice of invoices) {
    const days = daysBetween(String(invoice.data.dueDate), date);
    const target = levelReached(settings.levels, days);
    const current = settings.levels.findIndex((l) => l.code === invoice.data.dunningLevel);
    // Never down, never the same level twice; a level the tenant no longer has counts as the highest reached so far.
    const reachedBefore = invoice.data.dunningLevel && current < 0 ? settings.levels.length : current;
    if (target <= reachedBefore) continue;
    steps.push({ invoice, target, days });
  }
  const done = {
    examined: invoices.length,
    cursor: invoices.at(-1)?.registration ?? cursor,
    finished: invoices.length < limit,
  };
  if (!steps.length) return { dunned: [], ...done };

  const people = new Map(
    (
      await storage.findMany(tx, person, caller.tenant, [
        ...new Set(
          steps.flatMap(({ invoice }) =>
            [personWith(invoice.data, 'PAYER'), personWith(invoice.data, 'PAYEE')].filter((r): r is string => !!r),
          ),
        ),
      ])
    ).map((r) => [r.registration, r]),
  );
  const plain = await plainMoves(tx, caller);
  const registrations = plain ? await freeRegistrations(tx, caller, communicationKind, steps.length) : [];
  const climbs: Climb[] = [];
  for (const [i, { invoice, target, days }] of steps.entries()) {
    const registration = plain ? registrations[i] : '';
    const climbed = await climb(context, people, invoice, target, days, registration);
    if (!plain) {
      // A workflow of the tenant's own: each communication created and moved through it.
      const { registration: _none, ...doc } = climbed.communication;
      const created = await createIn(tx, caller, communicationKind, doc, { history: { cause: 'DUNNING' } });
      await runTransition(
        tx,
        caller,
        communicationKind,
        created.registration,
        climbed.level.channel === 'EMAIL' ? 'SCHEDULE' : 'SEND',
      );
      climbed.communication = { ...climbed.communication, registration: created.registration };
      climbed.action.communicationRegistration = created.registration;
      if (climbed.letter) climbed.letter.communication = created.registration;
    }
    climbs.push(climbed);
  }
  const letters = climbs.flatMap((c) => (c.letter ? [c.letter] : []));
  // The letters are stored while the chunk writes its records, then named by their documents.
  const storing = store ? storeLetters(store, caller.tenant, letters) : Promise.resolve([]);
  // Awaited below; a failure while the records are written is not an unhandled rejection meanwhile.
  storing.catch(() => {});
  let cases: Doc[];
  try {
    cases = await writeClimbs(context, climbs, plain);
    await recordDocuments(
      tx,
      caller,
      (await storing).map((content, i) => ({
        parent: { entity: communicationKind, registration: letters[i].communication },
        content,
        fields: { type: 'DUNNING_LETTER' },
      })),
    );
  } catch (error) {
    // A content whose document is not recorded is removed from the store.
    if (store)
      await storing.then(
        (contents) => discardLetters(store, contents),
        () => {},
      );
    throw error;
  }
  const dunned = climbs.map(
    (c, i): Dunned => ({
      invoiceRegistration: c.invoice.registration,
      level: c.level.code,
      communicationRegistration: c.communication.registration,
      caseRegistration: String(cases[i].registration),
      ...(c.fee ? { feeInvoiceRegistration: c.fee } : {}),
      ...(c.interestInvoice ? { interestInvoiceRegistration: c.interestInvoice } : {}),
    }),
  );
  return { dunned, ...done };
}

/**
 * Writes what the chunk's climbs decided, set-wise: the communications (when the workflow's first
 * move is plain; otherwise each was created through it), the invoices' levels and the collection
 * cases' actions; answers each climb's case.
 */
async function writeClimbs({ tx, caller, date }: Context, climbs: Climb[], plain: boolean): Promise<Doc[]> {
  if (plain)
    await createManyIn(
      tx,
      caller,
      communicationKind,
      climbs.map(({ communication, level }) => ({
        ...communication,
        status: level.channel === 'EMAIL' ? 'SCHEDULED' : 'SENT',
      })) as (InputOf<typeof communicationKind> & { registration: string })[],
      {
        historyOf: (_doc, i) => ({
          cause: 'DUNNING',
          transition: climbs[i].level.channel === 'EMAIL' ? 'SCHEDULE' : 'SEND',
        }),
      },
    );
  await updateManyIn(
    tx,
    caller,
    invoiceKind,
    climbs.map(({ invoice, level, communication }) => ({
      row: invoice,
      data: { ...invoice.data, dunningLevel: level.code, dunningDate: date },
      history: { details: { level: level.code, communication: communication.registration } },
    })),
    { action: 'DUNNING' },
  );
  return recordCollectionActions(
    tx,
    caller,
    climbs.map((c) => c.action),
  );
}

/** A whole run in one transaction (small books, the demo): chunk after chunk. */
export async function dunAll(tx: Tx, caller: WorkflowCaller, date: string, store?: ObjectStore): Promise<Dunned[]> {
  const out: Dunned[] = [];
  let cursor: string | null = null;
  for (;;) {
    const chunk = await dunChunk(tx, caller, date, cursor, store);
    out.push(...chunk.dunned);
    cursor = chunk.cursor;
    if (chunk.finished) return out;
  }
}
