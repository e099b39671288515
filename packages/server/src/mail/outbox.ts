/**
 * The outbox sender (docs/mail.md, docs/decisions.md "Mail: never sent twice"): EMAIL
 * communications due to leave are sent one at a time, in three stages, each committed before the
 * next begins:
 *
 * 1. `claimNext`: the oldest due mail (SCHEDULED and due, or SENDING whose lease ran out while
 *    CLAIMED) is locked (SKIP LOCKED: two workers never take the same), moved to SENDING with a
 *    lease, its attempt counted, its deterministic Message-ID set. Stage CLAIMED.
 * 2. `handOver`: stage HANDED_OVER is committed, then the mail is handed to the SMTP server.
 * 3. `recordAccepted` / `recordRefused`: SENT with the server's reply, or back to SCHEDULED
 *    with the next attempt's date (backoff), or FAILED.
 *
 * A sender that dies in stage CLAIMED sent nothing: its mail is claimed again once the lease has
 * run out. One that dies in HANDED_OVER may have had its mail accepted: it is never sent again
 * automatically but ends FAILED with a reason saying so (at most once; a person may RETRY).
 * Without SMTP (the local mailbox), delivery and SENT commit together: exactly once.
 */
import { communication as communicationKind } from '@lbo/model/entities/communication/communication.entity';
import { mail as mailKind } from '@lbo/model/entities/core/mail.entity';
import { sql } from 'kysely';
import type { Readable } from 'node:stream';
import { type Db, inTenant, type Tx } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { type Caller, createIn, updateIn, type WriteIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row, RowOf } from '../entities/storage.ts';
import { documentEntity } from '../documents/documents.module.ts';
import { addressList } from './mail-settings.ts';
import { textToHtml } from './templates.ts';

/** Waits before the 2nd, 3rd, 4th and 5th attempts; the 5th refused ends FAILED. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** How long a sender holds a claimed mail; longer than the SMTP exchange's own time-outs. */
export const LEASE_MS = 5 * 60_000;

export interface OutgoingMessage {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: { filename: string; contentType: string; content: () => Promise<Readable | undefined> }[];
}

/** Where mails go: an SMTP server, or the local mailbox (`deliverLocally`, in the recording transaction). */
export interface MailTransport {
  kind: 'smtp' | 'mailbox';
  /** SMTP: hands the message over; resolves with the server's reply once accepted, throws its refusal. */
  send?(message: OutgoingMessage): Promise<string>;
  close?(): void;
}

export interface OutboxContext {
  db: Db;
  store: ObjectStore;
  transport: MailTransport;
  /** The sender when neither the mail nor its tenant names one (`MAIL_FROM`). */
  defaultFrom: string;
}

const system = (tenant: string): Caller => ({ tenant, username: 'system' });

/** `<CMM000012.alpha@example.com>`: the same for every attempt of a mail, so that a receiver may recognise a repeat. */
export function messageIdOf(tenant: string, registration: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${registration}.${tenant}@${domain}>`;
}

/** A due mail's condition at `now` (ISO instants compare as text). */
const due = (now: string) => sql<boolean>`data->>'type' = 'EMAIL' AND (
  (status = 'SCHEDULED' AND coalesce(data->>'nextAttemptDate', '') <= ${now})
  OR (status = 'SENDING' AND coalesce(data->>'leaseUntil', '') < ${now}))`;

/** How many mails of `tenant` are due at `now`. */
export async function dueCount(db: Db, tenant: string, now = new Date()): Promise<number> {
  return inTenant(db, { tenant, user: 'system' }, async (tx) => {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(communicationKind.table)}
      WHERE tenant = ${tenant} AND ${due(now.toISOString())}`.execute(tx);
    return Number(rows[0]?.n ?? 0);
  });
}

export type Claim =
  | { kind: 'none' }
  /** A mail whose sender died after handing it over: recorded FAILED, not sent again. */
  | { kind: 'uncertain'; registration: string }
  | { kind: 'claimed'; registration: string; doc: Doc };

/** Stage 1: takes the oldest due mail of `tenant`. */
export async function claimNext(context: OutboxContext, tenant: string, now = new Date()): Promise<Claim> {
  const caller = system(tenant);
  return inTenant(context.db, { tenant, user: 'system' }, async (tx) => {
    const { rows } = await sql<
      RowOf<typeof communicationKind>
    >`SELECT _id, registration, status, name, data, _version, _insert_date, _insert_user, _update_date, _update_user
      FROM ${sql.table(communicationKind.table)}
      WHERE tenant = ${tenant} AND ${due(now.toISOString())}
      ORDER BY _insert_date, registration LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(tx);
    const row = rows[0];
    if (!row) return { kind: 'none' } as const;
    const data = row.data as Doc;
    if (row.status === 'SENDING' && data.sendingStage === 'HANDED_OVER') {
      await settle(
        tx,
        tenant,
        row,
        {
          status: 'FAILED',
          lastError: `The sender stopped after handing the mail to the SMTP server (attempt ${data.attempts}); it may have been delivered, so it was not sent again. Look for Message-ID ${data.messageId} in the server's log, then use Retry if it did not arrive.`,
        } as never,
        { action: 'MAIL_UNCERTAIN' },
      );
      return { kind: 'uncertain', registration: row.registration } as const;
    }
    const from = String(data.from || context.defaultFrom);
    const doc = await updateIn(
      tx,
      caller,
      communicationKind,
      row,
      {
        ...data,
        status: 'SENDING',
        sendingStage: 'CLAIMED',
        leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
        attempts: (Number(data.attempts) || 0) + 1,
        from,
        messageId: data.messageId || messageIdOf(tenant, row.registration, from),
      } as never,
      { action: 'MAIL_CLAIM', historyAs: 'none' },
    );
    return { kind: 'claimed', registration: row.registration, doc } as const;
  });
}

/** The documents a mail carries: its `attachments`, and the documents attached to the communication itself (a dunning letter). */
async function attachmentsOf(tx: Tx, tenant: string, doc: Doc): Promise<Row[]> {
  const named = ((doc.attachments as { documentRegistration?: string }[] | undefined) ?? [])
    .map((a) => a.documentRegistration)
    .filter((r): r is string => !!r);
  const listed = named.length ? await storage.findMany(tx, documentEntity, tenant, named) : [];
  const own = await storage.findWhere(
    tx,
    documentEntity,
    tenant,
    sql<boolean>`data->>'entityName' = 'Communication' AND data->>'entityRegistration' = ${String(doc.registration)}`,
    50,
  );
  const seen = new Set<string>();
  return [...listed, ...own].filter((r) => !seen.has(r.registration) && seen.add(r.registration));
}

function messageOf(context: OutboxContext, doc: Doc, documents: Row[]): OutgoingMessage {
  const text = String(doc.content ?? '');
  return {
    from: String(doc.from || context.defaultFrom),
    to: addressList(doc.to) ?? [],
    ...(doc.replyTo ? { replyTo: String(doc.replyTo) } : {}),
    subject: String(doc.subject ?? doc.name ?? ''),
    text,
    html: typeof doc.html === 'string' && doc.html ? doc.html : textToHtml(text),
    messageId: String(doc.messageId),
    attachments: documents.map((d) => ({
      filename: String(d.data.name ?? d.registration),
      contentType: String(d.data.contentType ?? 'application/octet-stream'),
      content: async () => (await context.store.get(String(d.data.storageKey)))?.content,
    })),
  };
}

/** Why a refusal will not change on a retry: a bad address (5.1.x), a refused sender or recipient for good. */
export function isPermanent(error: unknown): boolean {
  const { responseCode, response } = error as { responseCode?: number; response?: string };
  if (!responseCode || responseCode < 500) return false;
  return responseCode === 551 || responseCode === 553 || /\b5\.1\.\d+\b/.test(String(response ?? ''));
}

const reasonOf = (error: unknown) =>
  String((error as { response?: string }).response || (error as Error).message || error).slice(0, 2000);

export type Outcome = 'sent' | 'retry' | 'failed' | 'uncertain' | 'none';

/** The communication being sent, locked; undefined when another sender or a sweep has moved it on. */
async function sendingRow(
  tx: Tx,
  tenant: string,
  registration: string,
): Promise<RowOf<typeof communicationKind> | undefined> {
  const row = await storage.findOne(tx, communicationKind, tenant, registration, true);
  return row?.status === 'SENDING' ? (row as RowOf<typeof communicationKind>) : undefined;
}

/** Ends a sending stage: the lease and the stage cleared, with the outcome's fields, audited as `action`. */
function settle(tx: Tx, tenant: string, row: Row, outcome: Record<string, unknown>, options: WriteIn) {
  return updateIn(
    tx,
    system(tenant),
    communicationKind,
    row as RowOf<typeof communicationKind>,
    { ...row.data, sendingStage: null, leaseUntil: null, ...outcome } as never,
    options,
  );
}

/** What a SENT communication records: when, and what the server (or the local mailbox) answered. */
const sentOutcome = (now: Date, smtpResponse: string) => ({
  status: 'SENT',
  nextAttemptDate: null,
  lastError: null,
  sentDate: now.toISOString(),
  smtpResponse,
});

/** Stage 3 after a refusal: the next attempt after its backoff, or FAILED (for good, or attempts spent). */
export async function recordRefused(
  context: OutboxContext,
  tenant: string,
  registration: string,
  error: unknown,
  now = new Date(),
): Promise<Outcome> {
  return inTenant(context.db, { tenant, user: 'system' }, async (tx) => {
    const row = await sendingRow(tx, tenant, registration);
    if (!row) return 'none';
    const attempts = Number(row.data.attempts) || 1;
    const final = isPermanent(error) || attempts >= MAX_ATTEMPTS;
    const reason = reasonOf(error);
    await settle(
      tx,
      tenant,
      row,
      {
        status: final ? 'FAILED' : 'SCHEDULED',
        lastError: reason,
        nextAttemptDate: final ? null : new Date(now.getTime() + BACKOFF_MS[attempts - 1]).toISOString(),
      },
      { action: final ? 'MAIL_FAILED' : 'MAIL_RETRY', history: { details: { attempt: attempts, reason } } },
    );
    return final ? 'failed' : 'retry';
  });
}

/** Stage 3 after the server accepted: SENT with its reply (even if a sweep meanwhile judged the mail uncertain). */
export async function recordAccepted(
  context: OutboxContext,
  tenant: string,
  registration: string,
  response: string,
  now = new Date(),
): Promise<Outcome> {
  return inTenant(context.db, { tenant, user: 'system' }, async (tx) => {
    const row = await storage.findOne(tx, communicationKind, tenant, registration, true);
    if (!row || row.status === 'SENT') return 'none';
    await settle(tx, tenant, row, sentOutcome(now, response.slice(0, 500)), { action: 'MAIL_SENT' });
    return 'sent';
  });
}

/**
 * Stage 2 and 3 with the local mailbox: the Mail record written and the communication SENT in one
 * transaction.
 */
async function deliverLocally(context: OutboxContext, tenant: string, registration: string, now: Date) {
  const caller = system(tenant);
  return inTenant(context.db, { tenant, user: 'system' }, async (tx): Promise<Outcome> => {
    const row = await sendingRow(tx, tenant, registration);
    if (!row) return 'none';
    const doc = storage.toDocument(row);
    const documents = await attachmentsOf(tx, tenant, doc);
    const message = messageOf(context, doc, documents);
    if (!message.to.length) {
      await settle(tx, tenant, row, { status: 'FAILED', lastError: 'No recipient address' }, { action: 'MAIL_FAILED' });
      return 'failed';
    }
    const mail = await createIn(
      tx,
      caller,
      mailKind,
      {
        status: 'DELIVERED',
        name: message.subject.slice(0, 200),
        communicationRegistration: registration,
        deliveredDate: now.toISOString(),
        from: message.from,
        to: message.to.join(', '),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        attachments: documents.map((d) => ({
          documentRegistration: d.registration,
          name: String(d.data.name ?? ''),
          contentType: String(d.data.contentType ?? ''),
          size: String(d.data.size ?? ''),
        })),
      } as never,
      { historyAs: 'created' },
    );
    await settle(
      tx,
      tenant,
      row,
      {
        ...sentOutcome(now, `Delivered to the local mailbox (${mail.registration})`),
        mailRegistration: mail.registration,
      },
      { action: 'MAIL_SENT' },
    );
    return 'sent';
  });
}

/** Stage 2 with SMTP: HANDED_OVER committed, then the message handed to the server. Answers the server's reply. */
export async function handOver(context: OutboxContext, tenant: string, registration: string): Promise<string> {
  const message = await inTenant(context.db, { tenant, user: 'system' }, async (tx) => {
    const row = await sendingRow(tx, tenant, registration);
    if (!row) return undefined;
    const doc = storage.toDocument(row);
    await updateIn(tx, system(tenant), communicationKind, row, { ...row.data, sendingStage: 'HANDED_OVER' } as never, {
      historyAs: 'none',
    });
    return messageOf(context, doc, await attachmentsOf(tx, tenant, doc));
  });
  if (!message) throw new Error(`${registration} is no longer being sent`);
  if (!message.to.length) throw Object.assign(new Error('No recipient address'), { responseCode: 553 });
  if (!context.transport.send) throw new Error('No SMTP transport');
  return context.transport.send(message);
}

/** Sends the oldest due mail of `tenant`, all stages; answers what became of it. */
export async function sendNext(context: OutboxContext, tenant: string, now = new Date()): Promise<Outcome> {
  const claim = await claimNext(context, tenant, now);
  if (claim.kind !== 'claimed') return claim.kind;
  if (context.transport.kind === 'mailbox') return deliverLocally(context, tenant, claim.registration, now);
  let response: string;
  try {
    response = await handOver(context, tenant, claim.registration);
  } catch (error) {
    return recordRefused(context, tenant, claim.registration, error, now);
  }
  return recordAccepted(context, tenant, claim.registration, response, now);
}
