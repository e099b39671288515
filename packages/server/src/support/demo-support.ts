import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { question as questionKind } from '@lbo/model/entities/support/question.entity';
import { ticket as ticketKind } from '@lbo/model/entities/support/ticket.entity';
import { inTenant } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { DemoContext } from '../modules/server-module.ts';
import { runTransition } from '../workflow/workflow.operation.ts';
import { appendMessage } from './ticket-messages.operation.ts';

/**
 * The demo's support desk, once: a few knowledge-base questions, and tickets on its contracts and
 * persons opened from a few hours to a few days before the start, so that some are on time, some
 * late (breached), one waiting for the client and one resolved, each with its thread.
 */
const questions = [
  {
    subject: 'How do I change the bank account of my direct debits?',
    keywords: 'iban, sepa, mandate, bank account',
    answer:
      'Send us the new **IBAN** with a signed SEPA mandate. The change applies to the next collection if received 10 days before it.',
  },
  {
    subject: 'Can I buy the asset before the end of the lease?',
    keywords: 'early buyout, purchase option, termination',
    answer:
      'Yes: ask for an **early termination quote**. It lists the outstanding rents, the residual value and the fees.',
  },
  {
    subject: 'Where do I find my invoices?',
    keywords: 'invoice, copy, pdf, billing',
    answer: 'Every issued invoice is mailed as a PDF to the billing contact and kept in the documents of the contract.',
  },
  {
    subject: 'What to do after an accident with the leased vehicle?',
    keywords: 'claim, accident, insurance, damage',
    answer: 'Declare it to the insurer within 5 working days and send us the report; a claim is opened on the asset.',
  },
];

const tickets = [
  {
    hoursAgo: 2,
    subject: 'Change of bank account',
    priority: 'NORMAL',
    category: 'BILLING',
    team: 'BACK_OFFICE',
    question: 0,
    on: 'Contract',
    reply: true,
  },
  {
    hoursAgo: 30,
    subject: 'Invoice copy requested',
    priority: 'HIGH',
    category: 'BILLING',
    team: 'ACCOUNTANT',
    question: 2,
    on: 'Contract',
    reply: false,
  },
  {
    hoursAgo: 3,
    subject: 'Vehicle damaged in a car park',
    priority: 'URGENT',
    category: 'ASSET',
    team: 'BACK_OFFICE',
    question: 3,
    on: 'Contract',
    reply: false,
  },
  {
    hoursAgo: 50,
    subject: 'Early buyout quote',
    priority: 'NORMAL',
    category: 'CONTRACT',
    team: 'SALES',
    question: 1,
    on: 'Person',
    reply: true,
    wait: true,
  },
  {
    hoursAgo: 100,
    subject: 'Cannot sign in to the client portal',
    priority: 'LOW',
    category: 'ACCOUNT',
    team: 'SUPPORT',
    on: 'Person',
    reply: true,
    resolve: true,
  },
  {
    hoursAgo: 6,
    subject: 'Direct debit returned twice',
    priority: 'HIGH',
    category: 'BILLING',
    team: 'COLLECTOR',
    on: 'Contract',
    reply: false,
  },
] as const;

export async function playDemoSupport({ db, operations, tenant, loadedKinds }: DemoContext): Promise<void> {
  if (!loadedKinds.includes('Person')) return;
  const timeZone = 'Europe/Paris';
  const records = await inTenant(db, { tenant, user: 'system' }, async (tx) => ({
    Contract: (
      await storage.findWhere(tx, entityByName('Contract')!, tenant, sql<boolean>`status = 'ACTIVE'`, tickets.length)
    ).map((r) => r.registration),
    Person: (
      await storage.findWhere(
        tx,
        entityByName('Person')!,
        tenant,
        sql<boolean>`data->'roles' @> '[{"role":"CLIENT"}]'::jsonb`,
        tickets.length,
      )
    ).map((r) => r.registration),
    // The book may hold a ticket of its own: the step's are known by their first subject.
    existing: (
      await storage.findWhere(tx, ticketKind, tenant, sql<boolean>`data->>'subject' = ${tickets[0].subject}`, 1)
    ).length,
  }));
  if (records.existing) return;
  const caller = { tenant, username: 'admin@demo', timeZone, isAdmin: true };
  const asked: string[] = [];
  for (const item of questions) {
    const created = await operations.create(caller, questionKind, {
      name: item.subject,
      subject: item.subject,
      answer: item.answer,
      keywords: item.keywords,
      type: 'FAQ',
      locale: 'en-GB',
      author: 'admin@demo',
    });
    asked.push(String(created.registration));
  }
  const now = Date.now();
  for (const [i, item] of tickets.entries()) {
    const on = records[item.on][i % Math.max(1, records[item.on].length)];
    const created = await operations.create(caller, ticketKind, {
      subject: item.subject,
      description: `${item.subject}: the client wrote to the support mailbox.`,
      type: 'REQUEST',
      priority: item.priority,
      category: item.category,
      team: item.team,
      openedDate: new Date(now - item.hoursAgo * 3600_000).toISOString(),
      ...(on ? { [item.on === 'Contract' ? 'contractRegistration' : 'personRegistration']: on } : {}),
      ...('question' in item ? { questionRegistrations: [{ questionRegistration: asked[item.question] }] } : {}),
      requesterEmail: `client${i + 1}@example.com`,
    });
    const registration = String(created.registration);
    await inTenant(db, { tenant, user: caller.username }, async (tx) => {
      await runTransition(tx, caller, ticketKind, registration, 'START');
      await appendMessage(tx, caller, registration, {
        body: 'Checked the contract: the request is legitimate.',
        internal: true,
      });
      if (item.reply)
        await appendMessage(tx, caller, registration, {
          body: 'Hello, we are on it and will come back to you shortly.',
        });
      if ('wait' in item) await runTransition(tx, caller, ticketKind, registration, 'WAIT');
      if ('resolve' in item) await runTransition(tx, caller, ticketKind, registration, 'RESOLVE');
    });
  }
}
