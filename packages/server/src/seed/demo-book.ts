/**
 * The demo book: one deterministic generator of coherent records for every declared kind, used by
 * the first-start seed (bootstrap.ts), the browser journeys and the benchmark (bench/src).
 *
 * - Record `i` of a kind is a pure function of (kind, i, book size): a PRNG seeded by the kind's
 *   name and `i`, so a book can be streamed in chunks and the same size always gives the same rows.
 * - Dates are fixed, never relative to today: the book is "as of" `bookDate` and every date is an
 *   offset from it (or from the fixed bases of demo-data.ts), so two runs on two days are equal.
 * - A kind's recipe (demo-recipes.ts, demo-data.ts) gives what makes it real (names, amounts that
 *   add up, parties with the right roles, product tables the pricing engine reads); unless it says
 *   it is complete, every declared field it leaves undefined is filled from the field's type (a value of the select's list, a
 *   registration of the linked kind, a date, an amount), so a field or kind declared later gets
 *   demo values without touching the seed. `null` in a recipe means "leave empty".
 * - Documents hold declared fields only (undeclared values of a recipe are dropped), as the API
 *   stores them.
 */
import type { Entity } from '@lbo/model/entity';
import { entities } from '@lbo/model/entity-registry';
import type { FieldDef } from '@lbo/model/fields';
import { referenceLists } from '@lbo/model/reference-lists';
import { frenchIbanAt } from './demo-persons.ts';
import { random, type BookSize, type Prefixes } from './demo-data.ts';
import { recipes } from './demo-recipes.ts';

export type Doc = Record<string, unknown>;
export type { BookSize } from './demo-data.ts';
export { bookSize, demoSize } from './demo-data.ts';

/** The day the demo book describes; every generated date is fixed relative to it. */
export const bookDate = '2025-06-30';

/**
 * Kinds the book leaves out: the tenants themselves (kept in the master tenant), the server's own
 * bookkeeping (counters, histories, temporary collections, list exports with their files) and configuration that changes how the
 * product behaves for the tenant (reference-list overrides, dynamic kinds, user preferences,
 * currencies and tax rates, index definitions).
 */
export const notInBook = new Set([
  'Tenant',
  'Counter',
  'History',
  'TmpCollection',
  'DynoDescriptor',
  'List',
  'UserPreference',
  'Currency',
  'Tax',
  'Index',
  'Indice',
  'Documentation',
  'Export',
]);

/** What the generator knows while making one record. */
export interface DemoContext {
  i: number;
  size: BookSize;
  rnd: () => number;
  pick<T>(items: readonly T[]): T;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** An amount in [min, max], in cents. */
  amount(min: number, max: number): number;
  /** `bookDate` moved by `days` (YYYY-MM-DD). */
  day(days: number): string;
  /** Registration (or key) of record `j` of a kind of the book, a random one without `j`; undefined when the kind has none. */
  ref(kind: string, j?: number): string | undefined;
  /** A record of the book (as generated), e.g. to copy a contract's client onto its invoice. */
  record(kind: string, j: number): Doc;
  /** Registration and name of a random person with a given role, as a `persons[]` item. */
  party(role: string, kind?: 'Person' | 'Prospect'): { role: string; personRegistration: string; name: string };
  prefixes: Prefixes;
}

/** How a kind's records are made: how many in a book of `size`, and record `i`. */
export interface Recipe {
  count?: (size: BookSize) => number;
  /** For kinds identified by a key field: the key of record `i` (also its registration). */
  key?: (i: number) => string;
  make: (ctx: DemoContext) => Doc;
  /** The recipe gives every field that makes sense for the kind: only status, name and type are filled. */
  complete?: boolean;
}

const byName = new Map(entities.map((e) => [e.name, e]));
const kindOf = (name: string) => {
  const found = byName.get(name);
  if (!found) throw new Error(`entity ${name} is not declared`);
  return found;
};
const reg = (prefix: string, i: number) => `${prefix}${String(i + 1).padStart(6, '0')}`;
const shift = (base: string, days: number) => new Date(Date.parse(base) + days * 86400000).toISOString().slice(0, 10);
/** FNV-1a of a kind's name: each kind draws its own sequence of numbers. */
const hashOf = (s: string) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

export function bookPrefixes(): Prefixes {
  const p = (name: string) => kindOf(name).prefix;
  return {
    person: p('Person'),
    prospect: p('Prospect'),
    asset: p('Asset'),
    contract: p('Contract'),
    deal: p('Deal'),
    invoice: p('Invoice'),
    posting: p('Posting'),
    ticket: p('Ticket'),
  };
}

/** Rows of `kind` in a book of `size`. */
export function countOf(kind: string, size: BookSize, leftOut?: ReadonlySet<string>): number {
  if (notInBook.has(kind) || !byName.has(kind) || leftOut?.has(kind)) return 0;
  const recipe = recipes[kind];
  return recipe?.count ? recipe.count(size) : size.others;
}

/** A book of `size`: its kinds in the order they can be inserted, with their row counts and makers. */
export interface BookKind {
  entity: Entity;
  count: number;
  at(i: number): Doc;
}

export function demoBook(size: BookSize, leftOut?: ReadonlySet<string>): BookKind[] {
  const book = new Book(size, leftOut);
  return entities
    .filter((e) => countOf(e.name, size, leftOut) > 0)
    .map((entity) => ({
      entity,
      count: countOf(entity.name, size, leftOut),
      at: (i: number) => book.record(entity.name, i),
    }));
}

/**
 * Kinds the demo tenant gets from the product's own operations (demo/demo-lifecycle.ts and the
 * modules' demo steps) rather than from the generator: the deals, contracts with their elements and
 * schedules, invoices, payments, payment files, statements, cases, postings and what they move, the
 * scores of submitted deals, the committees with their votings and votes.
 */
export const madeByOperations = new Set([
  'Deal',
  'Contract',
  'ContractElement',
  'Quotation',
  'Amendment',
  'CreditLine',
  'ContractLot',
  'Funding',
  'Invoice',
  'InvoiceLine',
  'Cashflow',
  'CashflowAllocation',
  'PaymentFile',
  'PaymentFileLine',
  'Camt',
  'BankStatement',
  'BankTransaction',
  'Case',
  'Posting',
  'PostingEvent',
  'Booking',
  'Inventory',
  'Ticket',
  'Communication',
  'Document',
  'Note',
  'Score',
  'Committee',
  'Voting',
  'Vote',
]);

/**
 * Kinds of the generator the demo tenant leaves empty: records the server writes itself as it runs
 * (statistics, events, logs, batches, distributed transactions), which a fresh tenant has not
 * written yet, and settings without a recipe of their own.
 */
const serverMade = new Set(['AccessStat', 'MetricRecord', 'SystemEvent', 'Dtxn', 'Batch', 'AccessLog', 'SystemLog']);

/** The demo tenant's persons, assets and settings: the contracts are made from them by operations. */
export const demoTenantSize: BookSize = {
  persons: 160,
  prospects: 40,
  assets: 130,
  contracts: 0,
  deals: 0,
  invoices: 0,
  postings: 0,
  tickets: 0,
  // Each kind named by a list of its own gets that list once: no numbered copies.
  others: 6,
};

/**
 * The part of the book the demo tenant is loaded with: persons (the lessor first), prospects,
 * assets, products and their tables, funds, the chart of accounts, users and the hand-written
 * records of kinds no operation makes; every kind of `madeByOperations` is left to the demo's
 * history, every kind without a recipe left empty.
 */
export function demoTenantBook(): BookKind[] {
  const leftOut = new Set(
    entities.map((e) => e.name).filter((name) => !recipes[name] || madeByOperations.has(name) || serverMade.has(name)),
  );
  return demoBook(demoTenantSize, leftOut);
}

class Book {
  readonly prefixes = bookPrefixes();
  private readonly cache = new Map<string, Doc>();
  /** `leftOut`: kinds without rows in this book, so that no record links to one of them. */
  constructor(
    readonly size: BookSize,
    readonly leftOut?: ReadonlySet<string>,
  ) {}

  registration(kind: string, j: number): string {
    const recipe = recipes[kind];
    return recipe?.key ? recipe.key(j) : reg(kindOf(kind).prefix, j);
  }

  /** Record `i` of `kind`; small kinds are kept, as other records read them (a contract's client). */
  record(kind: string, i: number): Doc {
    const cacheable = countOf(kind, this.size, this.leftOut) <= 500;
    const cached = cacheable ? this.cache.get(`${kind}:${i}`) : undefined;
    if (cached) return cached;
    const entity = kindOf(kind);
    const ctx = this.context(kind, i);
    const made = recipes[kind]?.make(ctx) ?? {};
    const doc = declaredOnly(
      { registration: this.registration(kind, i), ...made, ...fill(entity, made, ctx, recipes[kind]?.complete) },
      entity.fields,
    );
    if (cacheable) this.cache.set(`${kind}:${i}`, doc);
    return doc;
  }

  private context(kind: string, i: number): DemoContext {
    const rnd = random(hashOf(kind) + 7919 * (i + 1));
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
    const ref = (target: string, j?: number) => {
      const n = countOf(target, this.size, this.leftOut);
      if (n === 0) return undefined;
      return this.registration(target, j === undefined ? Math.floor(rnd() * n) : j % n);
    };
    return {
      i,
      size: this.size,
      rnd,
      pick,
      prefixes: this.prefixes,
      int: (min, max) => min + Math.floor(rnd() * (max - min + 1)),
      amount: (min, max) => Math.round((min + rnd() * (max - min)) * 100) / 100,
      day: (days) => shift(bookDate, days),
      ref,
      record: (target, j) => this.record(target, j % Math.max(1, countOf(target, this.size))),
      party: (role, target = 'Person') => {
        const j = Math.floor(rnd() * countOf(target, this.size, this.leftOut));
        const person = this.record(target, j);
        return { role, personRegistration: String(person.registration), name: String(person.name) };
      },
    };
  }
}

/** A declared field's generic demo value, or undefined to leave it empty. */
function demoValueOf(name: string, field: FieldDef, entity: Entity, ctx: DemoContext): unknown {
  if (field.readOnly) return undefined;
  switch (field.type) {
    case 'select': {
      const items = field.list ? referenceLists[field.list] : undefined;
      if (!items?.length || field.multiple) return undefined;
      const preferred: Record<string, string> = { currency: 'EUR', taxCode: 'VAT20', frequency: '30', pr: 'R' };
      return preferred[field.list!] ?? ctx.pick(items.slice(0, 6)).value;
    }
    case 'link':
      return field.entity ? ctx.ref(field.entity) : undefined;
    case 'date':
    case 'datetime': {
      const later = /end|due|return|expiration|validity/i.test(name);
      const day = ctx.day(later ? ctx.int(30, 700) : -ctx.int(0, 900));
      return field.type === 'date' ? day : `${day}T09:${String(ctx.int(0, 59)).padStart(2, '0')}:00.000Z`;
    }
    case 'currency':
      return ctx.amount(Math.max(field.min ?? 0, 500), 60000);
    case 'percentage':
      return Math.round(ctx.rnd() * 3000) / 10000;
    case 'integer':
    case 'number':
      return ctx.int(Math.max(field.min ?? 0, 1), Math.min(field.max ?? 60, 60));
    case 'boolean':
      return ctx.rnd() < 0.5;
    case 'iban':
      return frenchIbanAt((hashOf(entity.name) % 1000) + ctx.i);
    case 'text':
      if (/reference$/i.test(name))
        return `${name.startsWith('external') ? 'EXT' : 'INT'}-${entity.prefix}-${10000 + ctx.i}`;
      if (name === 'code') return `${entity.prefix}-${String(ctx.i + 1).padStart(3, '0')}`;
      return undefined;
    case 'list': {
      const item = field.fields ?? {};
      if (!(item.role && item.personRegistration)) return undefined;
      const roles = entity.filters.find((f) => f.kind === 'person' && f.field === name)?.roles ?? ['CLIENT'];
      return [ctx.party(roles[0])];
    }
    default:
      return undefined;
  }
}

/** Generic values of the declared fields the recipe left undefined; status from the kind's list. */
function fill(entity: Entity, made: Doc, ctx: DemoContext, complete = false): Doc {
  const out: Doc = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (made[name] !== undefined || name === 'registration' || name === 'organization') continue;
    if (complete && !['status', 'name', 'type'].includes(name)) continue;
    if (name === 'status' && entity.status) {
      out.status = ctx.pick(referenceLists[entity.status].slice(0, 4)).value;
      continue;
    }
    if (name === 'name') {
      out.name = `${entity.name.replace(/([a-z])([A-Z])/g, '$1 $2')} ${ctx.i + 1}`;
      continue;
    }
    const value = demoValueOf(name, field, entity, ctx);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The declared part of a document, nested lists and objects included; null and undefined dropped. */
export function declaredOnly(doc: Doc, fields: Record<string, FieldDef>): Doc {
  const out: Doc = {};
  for (const [name, value] of Object.entries(doc)) {
    const field = fields[name];
    if (!field || value === undefined || value === null) continue;
    if (field.type === 'list' && field.fields && Array.isArray(value)) {
      out[name] = value.map((item) =>
        item && typeof item === 'object' ? declaredOnly(item as Doc, field.fields!) : item,
      );
    } else if (field.type === 'object' && field.fields && value && typeof value === 'object' && !Array.isArray(value)) {
      out[name] = declaredOnly(value as Doc, field.fields);
    } else {
      out[name] = value;
    }
  }
  return out;
}
