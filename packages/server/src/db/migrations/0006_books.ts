import { sql, type Kysely } from 'kysely';
import { APP_ROLE, tenantPolicy } from '../schema.ts';

/**
 * The books' guarantees, kept by the database rather than by the code alone (docs/decisions.md "The books"):
 * - `account_balance`: debit and credit per tenant, organization, account, currency and month,
 *   moved only by a posting's insert (trigger `posting_balance_moves`), so a trial balance reads
 *   months, not postings;
 * - a posting is never deleted, and its accounting fields never change (`posting_immutable`);
 * - a posting is never dated in a month closed for its organization (`posting_balance_moves`), so
 *   a closed month's balances never move;
 * - at commit, every posting event's postings balance per currency: a statement's postings that do
 *   not net to zero per event and currency put their event in `posting_event_pending`, whose
 *   deferred constraint trigger (`posting_event_balanced`) checks it against the table at commit,
 *   once per event.
 * This migration creates the balances' table; the functions and triggers on the posting table
 * (derived from its declaration, created after the migrations) are `postingTriggers`, part of the
 * derived DDL (db/migrate.ts).
 * SQLSTATEs: LB001 a posting changed or deleted, LB002 an event unbalanced, LB003 a closed month.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`CREATE TABLE IF NOT EXISTS account_balance (
    tenant text NOT NULL,
    organization text NOT NULL,
    account text NOT NULL,
    currency text NOT NULL,
    month text NOT NULL,
    debit numeric NOT NULL DEFAULT 0,
    credit numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant, organization, account, currency, month))`);
  for (const statement of tenantPolicy('account_balance')) await run(statement);
  await run(`REVOKE DELETE ON account_balance FROM ${APP_ROLE}`);
}

/**
 * The functions and triggers of the posting table, part of the derived DDL (db/migrate.ts): the
 * table exists by then, and a changed function is applied like a changed index. A record with
 * neither amount nor account moves no money and is let through (the generic contract tests'
 * bare records); any other posting is checked.
 */
export function postingTriggers(table: string): string[] {
  const t = `"${table}"`;
  return [
    // Per statement, from its inserted rows: one upsert per account and month, not one per posting
    // (a hot balance row updated by every posting of a long transaction slows each next update).
    `CREATE OR REPLACE FUNCTION posting_balance_moves() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE closed record;
    BEGIN
      SELECT i.registration, substr(i.data ->> 'date', 1, 7) AS month INTO closed FROM inserted i
        JOIN tenant_configuration c ON c.tenant = i.tenant AND c.name = 'accountingPeriods'
        WHERE i.data ->> 'amount' IS NOT NULL
          AND (coalesce(c.value -> 'closed' -> coalesce(i.data ->> 'organizationRegistration', '*'), '[]'::jsonb) ? substr(i.data ->> 'date', 1, 7)
            OR coalesce(c.value -> 'closed' -> '*', '[]'::jsonb) ? substr(i.data ->> 'date', 1, 7))
        LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'posting % is dated in %, a closed month', closed.registration, closed.month USING ERRCODE = 'LB003';
      END IF;
      INSERT INTO account_balance (tenant, organization, account, currency, month, debit, credit)
      SELECT i.tenant, coalesce(i.data ->> 'organizationRegistration', ''), i.data ->> 'account', coalesce(i.data ->> 'currency', ''), substr(i.data ->> 'date', 1, 7),
        sum(CASE WHEN i.data ->> 'dc' = 'D' THEN (i.data ->> 'amount')::numeric ELSE 0 END), sum(CASE WHEN i.data ->> 'dc' = 'C' THEN (i.data ->> 'amount')::numeric ELSE 0 END)
      FROM inserted i WHERE i.data ->> 'amount' IS NOT NULL GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant, organization, account, currency, month)
        DO UPDATE SET debit = account_balance.debit + excluded.debit, credit = account_balance.credit + excluded.credit;
      RETURN NULL;
    END $$`,
    `CREATE OR REPLACE FUNCTION posting_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE field text;
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'posting % is never deleted: reverse its event', OLD.registration USING ERRCODE = 'LB001';
      END IF;
      IF NEW.tenant <> OLD.tenant OR NEW.registration <> OLD.registration THEN
        RAISE EXCEPTION 'posting % is never moved', OLD.registration USING ERRCODE = 'LB001';
      END IF;
      FOREACH field IN ARRAY ARRAY['amount', 'dc', 'account', 'secondaryAccount', 'currency', 'date', 'postingEventRegistration',
        'eventType', 'organizationRegistration', 'personRegistration', 'analytics'] LOOP
        IF (NEW.data -> field) IS DISTINCT FROM (OLD.data -> field) THEN
          RAISE EXCEPTION 'posting % is never changed (%): reverse its event', OLD.registration, field USING ERRCODE = 'LB001';
        END IF;
      END LOOP;
      RETURN NEW;
    END $$`,
    // A statement's postings each need an amount, an account, a date, a side and an event (LB002),
    // checked once per statement. The events its postings leave unbalanced, per currency, are found
    // from the statement's rows alone: every event is balanced (or pending) before the statement, so
    // one whose new rows net to zero still is. Those that do not net to zero are pending: checked against the table at commit, once each (an
    // event may be written over several statements of its transaction, a manual entry line by line).
    // Checking at commit once per posting cost a posting run half its time (queueing a deferred
    // trigger per row, then a sum over the event per row).
    `CREATE TABLE IF NOT EXISTS posting_event_pending (tenant text NOT NULL, event text NOT NULL, PRIMARY KEY (tenant, event))`,
    ...tenantPolicy('posting_event_pending'),
    `CREATE OR REPLACE FUNCTION posting_admitted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE refused text;
    BEGIN
      SELECT i.registration INTO refused FROM inserted i
        WHERE (i.data ->> 'amount' IS NOT NULL OR i.data ->> 'account' IS NOT NULL)
          AND (i.data ->> 'amount' IS NULL OR i.data ->> 'account' IS NULL OR i.data ->> 'date' IS NULL OR i.data ->> 'dc' IS NULL OR i.data ->> 'dc' NOT IN ('D', 'C'))
        LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'posting % needs an amount, an account, a date and a side', refused USING ERRCODE = 'LB002';
      END IF;
      SELECT i.registration INTO refused FROM inserted i
        WHERE (i.data ->> 'amount' IS NOT NULL OR i.data ->> 'account' IS NOT NULL) AND i.data ->> 'postingEventRegistration' IS NULL LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'posting % names no posting event', refused USING ERRCODE = 'LB002';
      END IF;
      INSERT INTO posting_event_pending (tenant, event)
        SELECT DISTINCT x.tenant, x.event FROM (
          SELECT i.tenant, i.data ->> 'postingEventRegistration' AS event, coalesce(i.data ->> 'currency', '') AS currency,
            sum(CASE WHEN i.data ->> 'dc' = 'D' THEN (i.data ->> 'amount')::numeric ELSE -(i.data ->> 'amount')::numeric END) AS difference
          FROM inserted i WHERE i.data ->> 'amount' IS NOT NULL OR i.data ->> 'account' IS NOT NULL GROUP BY 1, 2, 3) x
        WHERE x.difference <> 0
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`,
    `CREATE OR REPLACE FUNCTION posting_event_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE unbalanced record;
    BEGIN
      SELECT x.currency, x.difference INTO unbalanced FROM (
        SELECT coalesce(p.data ->> 'currency', '') AS currency,
          sum(CASE WHEN p.data ->> 'dc' = 'D' THEN (p.data ->> 'amount')::numeric ELSE -(p.data ->> 'amount')::numeric END) AS difference
        FROM ${t} p WHERE p.tenant = NEW.tenant AND (p.data ->> 'postingEventRegistration') = NEW.event
          AND (p.data ->> 'amount' IS NOT NULL OR p.data ->> 'account' IS NOT NULL) GROUP BY 1) x
      WHERE x.difference <> 0 LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'posting event % is not balanced in %: debit minus credit is %', NEW.event, unbalanced.currency, unbalanced.difference USING ERRCODE = 'LB002';
      END IF;
      DELETE FROM posting_event_pending WHERE tenant = NEW.tenant AND event = NEW.event;
      RETURN NULL;
    END $$`,
    `DROP TRIGGER IF EXISTS posting_immutable ON ${t}`,
    `CREATE TRIGGER posting_immutable BEFORE UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION posting_immutable()`,
    // A posting's own fields (amount, account, date, side) are checked with its event's balance, once per statement.
    `DROP TRIGGER IF EXISTS posting_period_open ON ${t}`,
    `DROP FUNCTION IF EXISTS posting_period_open()`,
    `DROP TRIGGER IF EXISTS posting_balance_moves ON ${t}`,
    `CREATE TRIGGER posting_balance_moves AFTER INSERT ON ${t} REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION posting_balance_moves()`,
    // Postings never change their amounts, sides, currencies nor events (posting_immutable): inserts alone move a balance.
    `DROP TRIGGER IF EXISTS posting_event_balanced ON ${t}`,
    // Named to fire before posting_balance_moves (a statement's triggers fire by name): a refused posting is said as such.
    `DROP TRIGGER IF EXISTS posting_admitted ON ${t}`,
    `CREATE TRIGGER posting_admitted AFTER INSERT ON ${t} REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION posting_admitted()`,
    `DROP TRIGGER IF EXISTS posting_event_balanced ON posting_event_pending`,
    `CREATE CONSTRAINT TRIGGER posting_event_balanced AFTER INSERT ON posting_event_pending DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION posting_event_balanced()`,
  ];
}
