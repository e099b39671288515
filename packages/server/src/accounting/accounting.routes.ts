/**
 * The books' routes beyond the generic lists of postings and posting events (docs/api.md "The books"):
 *   GET  /api/accounting/trial-balance?from=YYYY-MM&to=YYYY-MM&organization=&currency=
 *   GET  /api/accounting/general-ledger?account=&from=YYYY-MM-DD&to=YYYY-MM-DD
 *   GET  /api/accounting/account-statement?person=&account=411000&from=&to=
 *   GET  /api/accounting/aged-receivables?date=YYYY-MM-DD
 *   GET  /api/accounting/{report}.xlsx?…&locale=                 each report above as an Excel workbook
 *   POST /api/accounting/posting-events/{registration}/reverse?date=YYYY-MM-DD   (today when absent)
 *   GET  /api/accounting/periods                                  closed months per organization
 *   POST /api/accounting/periods/close | /reopen                  { month: YYYY-MM, organization? }
 *   GET  /api/accounting/posting-rules                            the rules in force (the tenant's, else the demo's)
 *   PUT  /api/accounting/posting-rules { postingRules } | DELETE          the tenant's rules replaced (checked) | removed (the demo's apply)
 *   GET  /api/accounting/posting-rules/vocabulary                 event types' amounts, analytic axes, the chart's accounts
 *   POST /api/accounting/posting-rules/preview                    { event, rules? } → the postings it would give
 *   POST /api/accounting/exports                                  { format: FEC | CSV, from, to } → a background batch
 *   GET  /api/accounting/exports/{batch}                          its status and, when done, its document
 *   POST /api/accounting/month-end                                { month } → a background batch INTEREST_ACCRUAL
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Entity } from '@lbo/model/entity';
import { batch as batchEntity } from '@lbo/model/entities/script/batch.entity';
import { document as documentEntity } from '@lbo/model/entities/core/document.entity';
import { ApiError } from '@lbo/model/errors';
import { idParams, isoDay, isoMonth, moneyAmount, noBody } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { recordDocument, storeContent } from '../documents/documents.module.ts';
import type { ObjectStore } from '../db/object-store.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createBatch } from '../jobs/batch-records.ts';
import * as storage from '../entities/storage.ts';
import { todayIn } from '../workflow/side-effects.ts';
import { csvText, entryLines, fecDate, fecText } from './fec.ts';
import { periodsOf, setPeriod } from './periods.ts';
import {
  booksError,
  postingContextOf,
  postingEventKind,
  postingKind,
  prepare,
  reversePostingEvent,
} from './posting-engine.ts';
import { eventTypeNames, postingRulesOf, validatePostingRules } from './posting-rules.ts';
import { agedReceivables, ledger, trialBalance } from './reports.ts';
import { reportWorkbook, type ReportName } from './report-workbooks.ts';
import { postingRulesVocabulary, resetPostingRules, savePostingRules } from './posting-rules.operation.ts';
import { contentDisposition } from '../http/downloads.ts';
import type { Caller } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const dateText = isoDay;
const monthText = isoMonth;
const code = z.string().min(1).max(100);
// Its parameters and message are kept beside its declared fields: read as a generic record.
const batchKind: Entity = batchEntity;
/** The texts a sample event may carry beside its type, date, amounts and side (posting-engine.ts `BusinessEvent`). */
const eventTexts = [
  'financialProduct',
  'taxCode',
  'documentReference',
  'sourceEntity',
  'sourceRegistration',
  'organizationRegistration',
  'personRegistration',
  'invoiceRegistration',
  'contractRegistration',
  'cashflowRegistration',
  'assetRegistration',
  'creditLineRegistration',
] as const;
const EXPORT_TYPE = 'ACCOUNTING_EXPORT';
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function accountingRoutes(
  app: FastifyInstance,
  { db, preHandler, jobs, store }: { db: Db; preHandler: PreHandler; jobs: JobQueue; store: ObjectStore },
) {
  const read = {
    preValidation: preHandler,
    config: { entity: postingKind.name, permission: `read /api/${postingKind.route}` },
  };
  const tags = [postingKind.name];
  const api = typed(app);

  // Each report answers JSON at its path and the same figures as an Excel workbook at `{path}.xlsx`.
  const ledgerQuery = z.strictObject({
    account: code.optional(),
    person: code.optional(),
    from: dateText.optional(),
    to: dateText.optional(),
  });
  const reports: Record<
    ReportName,
    {
      summary: string;
      querystring: z.ZodObject<Record<string, z.ZodOptional<z.ZodString> | z.ZodString>, z.core.$strict>;
      answer: (tx: Tx, caller: Caller, q: Record<string, string | undefined>) => Promise<unknown>;
    }
  > = {
    'trial-balance': {
      summary: 'Debit, credit and balance per account and currency over months',
      querystring: z.strictObject({
        from: monthText.optional(),
        to: monthText.optional(),
        organization: code.optional(),
        currency: code.optional(),
      }),
      answer: (tx, caller, q) => trialBalance(tx, caller.tenant, q),
    },
    'general-ledger': {
      summary: 'The postings of an account in date order with the running balance',
      querystring: ledgerQuery.extend({ account: code }),
      answer: (tx, caller, q) => ledger(tx, caller.tenant, q),
    },
    'account-statement': {
      summary:
        'A client’s sub-ledger (its postings on the clients account, 411000 unless named) with the running balance',
      querystring: ledgerQuery.extend({ person: code }),
      answer: (tx, caller, q) => ledger(tx, caller.tenant, { ...q, account: q.account ?? '411000' }),
    },
    'aged-receivables': {
      summary: 'Open receivable invoices by client and days past due (30/60/90/120), with totals per currency',
      querystring: z.strictObject({ date: dateText.optional() }),
      answer: (tx, caller, q) => agedReceivables(tx, caller.tenant, q.date ?? todayIn(caller.timeZone)),
    },
  };
  for (const [name, report] of Object.entries(reports) as [ReportName, (typeof reports)[ReportName]][]) {
    api.get(
      `/api/accounting/${name}`,
      { ...read, schema: { tags, summary: report.summary, querystring: report.querystring } },
      async (request) => {
        const caller = request.caller!;
        return inTenant(db, scopeOf(caller), (tx) => report.answer(tx, caller, request.query));
      },
    );
    api.get(
      `/api/accounting/${name}.xlsx`,
      {
        ...read,
        schema: {
          tags,
          summary: `${report.summary}, as an Excel workbook`,
          querystring: report.querystring.extend({ locale: z.string().max(35).optional() }),
        },
      },
      async (request, reply) => {
        const caller = request.caller!;
        const { locale, ...q } = request.query;
        const answer = await inTenant(db, scopeOf(caller), (tx) => report.answer(tx, caller, q));
        const suffix = Object.values(q)
          .filter(Boolean)
          .map((v) => ` ${v}`)
          .join('');
        const { file, fileName } = await reportWorkbook(name, answer, locale, suffix);
        reply.header('content-type', xlsxType);
        reply.header('content-disposition', contentDisposition('attachment', fileName));
        return reply.send(file);
      },
    );
  }

  api.post(
    '/api/accounting/posting-events/:id/reverse',
    {
      preValidation: preHandler,
      config: { entity: postingEventKind.name, permission: `write /api/${postingEventKind.route}` },
      schema: {
        tags: [postingEventKind.name],
        summary: 'Reverses a posting event: a new event with its postings on the other side',
        params: idParams,
        querystring: z.strictObject({ date: dateText.optional() }),
        body: noBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { date } = request.query;
      return inTenant(db, scopeOf(caller), (tx) =>
        reversePostingEvent(tx, caller, request.params.id, date ?? todayIn(caller.timeZone)),
      ).catch(booksError);
    },
  );

  api.get(
    '/api/accounting/periods',
    { ...read, schema: { tags, summary: 'The closed months per organization (`*`: all)' } },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => periodsOf(tx, caller.tenant));
    },
  );

  for (const action of ['close', 'reopen'] as const) {
    api.post(
      `/api/accounting/periods/${action}`,
      {
        preValidation: preHandler,
        config: { entity: postingKind.name, permission: `approve /api/${postingKind.route}` },
        schema: {
          tags,
          summary: action === 'close' ? 'Closes a month: no posting is dated in it any more' : 'Reopens a closed month',
          body: z.strictObject({ month: monthText, organization: code.optional() }),
        },
      },
      async (request) => {
        const caller = request.caller!;
        const { month, organization } = request.body;
        return inTenant(db, scopeOf(caller), (tx) => setPeriod(tx, caller, month, organization, action === 'close'));
      },
    );
  }

  api.get(
    '/api/accounting/posting-rules',
    { ...read, schema: { tags, summary: 'The posting rules in force' } },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => postingRulesOf(tx, caller.tenant));
    },
  );

  // Changing the rules is the books' configuration: granted with closing periods, not only to administrators.
  const configure = {
    preValidation: preHandler,
    config: { entity: postingKind.name, permission: `approve /api/${postingKind.route}` },
  };
  api.put(
    '/api/accounting/posting-rules',
    {
      ...configure,
      schema: {
        tags,
        summary: 'Replaces the tenant’s posting rules (checked; audited); events posted later follow them',
        body: z.strictObject({ postingRules: z.unknown() }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => savePostingRules(tx, caller, request.body.postingRules));
    },
  );

  api.delete(
    '/api/accounting/posting-rules',
    {
      ...configure,
      schema: { tags, summary: 'Removes the tenant’s own posting rules: the demo rules apply again (audited)' },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => resetPostingRules(tx, caller));
    },
  );

  api.get(
    '/api/accounting/posting-rules/vocabulary',
    {
      ...read,
      schema: {
        tags,
        summary:
          'What a rule may name: each event type’s amounts, the analytic axes, the chart’s accounts; whether the tenant has its own rules',
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => postingRulesVocabulary(tx, caller.tenant));
    },
  );

  api.post(
    '/api/accounting/posting-rules/preview',
    {
      ...read,
      schema: {
        tags,
        summary: 'The postings a sample event would give, by the rules given or those in force; nothing is written',
        body: z.strictObject({
          event: z.strictObject({
            eventType: z.enum(eventTypeNames),
            date: dateText,
            currency: z.string().max(3).optional(),
            amounts: z.record(z.string().max(100), moneyAmount()),
            name: z.string().max(500).optional(),
            pr: z.enum(['R', 'P']).optional(),
            ...Object.fromEntries(eventTexts.map((field) => [field, z.string().max(200).optional()])),
          }),
          rules: z.array(z.unknown()).max(500).optional(),
        }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { event, rules } = request.body;
      return inTenant(db, scopeOf(caller), async (tx) => {
        const context = await postingContextOf(tx, caller.tenant);
        const p = prepare(rules ? { ...context, rules: validatePostingRules(rules) } : context, {
          ...event,
          currency: event.currency ?? 'EUR',
        });
        const unit = 10 ** (String(event.currency ?? 'EUR') === 'JPY' ? 0 : 2);
        return {
          rule: p.rule ?? null,
          postingDate: p.postingDate,
          postings: p.lines.map((l) => ({
            account: l.account,
            secondaryAccount: l.secondaryAccount,
            dc: l.dc,
            amount: l.minor / unit,
            name: l.label,
            analytics: l.analytics,
          })),
          balanced: p.lines.reduce((s, l) => s + (l.dc === 'D' ? l.minor : -l.minor), 0) === 0,
        };
      });
    },
  );

  api.post(
    '/api/accounting/month-end',
    {
      preValidation: preHandler,
      config: { entity: postingKind.name, permission: `approve /api/${postingKind.route}` },
      schema: {
        tags,
        summary:
          'Posts a month’s interest accruals (finance leases) and depreciation (depreciation schedules) in the background, each once',
        body: z.strictObject({ month: monthText }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { month } = request.body;
      const batch = await inTenant(db, scopeOf(caller), (tx) =>
        createBatch(tx, caller, {
          type: 'INTEREST_ACCRUAL',
          name: `Interest accrual and depreciation ${month}`,
          parameters: { month },
          total: 0,
        }),
      );
      await jobs.enqueue(caller.tenant, String(batch.registration));
      return { batchRegistration: batch.registration };
    },
  );

  jobs.register(EXPORT_TYPE, {
    chunk: async (tx, caller, batch) => {
      const { format, from, to } = (batch.data.parameters ?? {}) as { format: 'FEC' | 'CSV'; from: string; to: string };
      const lines = await entryLines(tx, caller.tenant, from, to);
      const text = format === 'FEC' ? fecText(lines) : csvText(lines);
      // The FEC's name: SIREN, FEC, closing date; the tenant stands for the SIREN here.
      const name = format === 'FEC' ? `${caller.tenant}FEC${fecDate(to)}.txt` : `postings-${from}-${to}.csv`;
      const content = await storeContent(
        store,
        caller.tenant,
        name,
        Buffer.from(text, 'utf8'),
        format === 'FEC' ? 'text/plain' : 'text/csv',
      );
      const document = await recordDocument(
        tx,
        caller,
        { entity: batchKind, registration: batch.registration },
        content,
        { type: 'EXPORT', name },
      );
      return {
        done: lines.length,
        cursor: null,
        finished: true,
        message: `${lines.length} posting(s) exported as ${String(document.registration)}`,
      };
    },
  });

  api.post(
    '/api/accounting/exports',
    {
      ...read,
      schema: {
        tags,
        summary:
          'Exports the postings of a period as the FEC file or CSV, in the background; the file is kept as the batch’s document',
        body: z.strictObject({ format: z.enum(['FEC', 'CSV']), from: dateText, to: dateText }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { body } = request;
      if (body.from > body.to) throw new ApiError('INVALID_FIELD_VALUE', [body.from, 'from (after to)']);
      const batch = await inTenant(db, scopeOf(caller), (tx) =>
        createBatch(tx, caller, {
          type: EXPORT_TYPE,
          name: `${body.format} export ${body.from} to ${body.to}`,
          parameters: body,
          total: 0,
        }),
      );
      await jobs.enqueue(caller.tenant, String(batch.registration));
      return { batchRegistration: batch.registration };
    },
  );

  api.get(
    '/api/accounting/exports/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'An export’s batch: its status, message and, when done, its document',
        params: idParams,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { id } = request.params;
      return inTenant(db, scopeOf(caller), async (tx) => {
        const row = await storage.findOne(tx, batchKind, caller.tenant, id);
        if (!row || (row.data.type !== EXPORT_TYPE && row.type !== EXPORT_TYPE))
          throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [batchKind.name, id]);
        const documents = await storage.findWhere(
          tx,
          documentEntity,
          caller.tenant,
          sql<boolean>`data ->> 'entityName' = ${batchKind.name} AND data ->> 'entityRegistration' = ${row.registration}`,
          1,
        );
        const doc = documents[0] ? storage.toDocument(documents[0]) : undefined;
        return {
          batchRegistration: row.registration,
          status: row.status,
          message: row.data.message ?? null,
          document: doc
            ? {
                _id: doc._id,
                registration: doc.registration,
                name: doc.name,
                size: doc.size,
                contentType: doc.contentType,
                url: `/api/core/documents/${String(doc._id)}/content`,
              }
            : null,
        };
      });
    },
  );
}
