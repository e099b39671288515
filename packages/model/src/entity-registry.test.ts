import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Entity } from './entity.ts';
import { ApiError } from './errors.ts';
import type { FieldDef } from './fields.ts';
import {
  assertUniqueEntities,
  auditFields,
  clientRouteOf,
  entities,
  entityByClientRoute,
  entityByName,
  entityByRoute,
  isDynoName,
} from './entity-registry.ts';
import { referenceLists } from './reference-lists.ts';

// Spec 000 §3, as written.
const specEntityNames = (
  'AccessLog, AccessStat, AccountingCatalogItem, Agreement, Amendment, AmendmentCatalogItem, Asset, ' +
  'AssetCatalogItem, AssetServiceCatalogItem, AssetExpense, AssetLot, Audit, Batch, BankAccount, BankOperation, ' +
  'BankStatement, BankTransaction, Booking, Budget, Campaign, CampaignContact, Camt, Cashflow, CashflowAllocation, ' +
  'Case, Claim, Collateral, Committee, Communication, Contract, ContractElement, ContractLot, Counter, CreditLine, ' +
  'Currency, Deal, DepreciationSchedule, Document, Documentation, Dtxn, ExternalContract, ExternalData, ' +
  'FeatureFlag, FeatureFlagItem, FinancingService, Flow, Fund, Funding, History, Import, Index, Indice, Inspection, ' +
  'Inventory, Invoice, InvoiceLine, KeyValue, Locale, Location, List, Mail, Maintenance, Metric, MetricRecord, ' +
  'Note, Organization, PaymentFile, PaymentFileLine, Person, PersonAmendment, Posting, PostingEvent, ' +
  'PrivateEquityAsset, PrivateEquityOperation, PrivateEquityTransaction, Product, ProductCatalogItem, ' +
  'ProductElementCatalogItem, ProductTable, Project, Prospect, Question, Quotation, Report, Rule, Score, Script, ' +
  'ScriptLog, Sheet, Sepa, SystemEvent, SystemLog, Task, Tax, TmpCollection, Tenant, Ticket, TimeEntry, User, ' +
  'UserPreference, Vote, Voting'
).split(', ');

// Spec 000 §3: "Plurals are regular except …".
const irregularPlurals: Record<string, string> = {
  Batch: 'batches',
  History: 'histories',
  Index: 'indexes',
  Indice: 'indices',
  Currency: 'currencies',
  Tax: 'taxes',
  Person: 'persons',
  Inventory: 'inventories',
  TimeEntry: 'timeEntries',
};

// Spec 001 §7 "Entity route bases", as written: `domain/a, b; other/c`.
const routeBases001 =
  'system/access-logs; accounting/accounting-catalog-items, bookings, inventories, postings, posting-events; ' +
  'financing/agreements, amendments, amendment-catalog-items, contracts, contract-elements, contract-lots, ' +
  'credit-lines, deals, financing-services, funds, fundings, products, product-catalog-items, ' +
  'product-element-catalog-items, product-tables; asset/assets, asset-catalog-items, asset-service-catalog-items, ' +
  'asset-lots, collaterals, depreciation-schedules, inspections, locations, maintenances; core/audits, documents, ' +
  'dtxns, feature-flags, flows, key-values, locales, metrics, notes, tasks, tenants, users; bank/bank-accounts, ' +
  'bank-operations, bank-transactions, bank-statements; script/batches, scripts; person/campaigns, persons, ' +
  'person-amendments, prospects; billing/camts, cashflows, invoices, payment-files, payment-file-lines, sepas; ' +
  'case/cases, claims; rules; support/committees, projects, budgets, questions, tickets, time-entries, votings, ' +
  'votes; communication/communications; external/external-data; private-equity/assets, operations, transactions; ' +
  'report/reports; scoring/scores; system/system-logs, system-events';

// Spec 000 §7 "Entity collections", as written: `domain/{a, b}`.
const routeBases000 =
  'system/access-logs, accounting/accounting-catalog-items, financing/{agreements, amendments, ' +
  'amendment-catalog-items, contracts, contract-elements, contract-lots, credit-lines, deals, financing-services, ' +
  'funds, fundings, products, product-catalog-items, product-element-catalog-items, product-tables}, ' +
  'asset/{assets, asset-catalog-items, asset-service-catalog-items, asset-lots, collaterals, ' +
  'depreciation-schedules, inspections, locations, maintenances}, core/{audits, counters, currencies, documents, ' +
  'dtxns, feature-flags, flows, histories, indexes, indices, key-values, locales, metrics, notes, tasks, taxes, ' +
  'tenants, users}, temporary-collection, bank/{bank-accounts, bank-operations, bank-transactions, ' +
  'bank-statements}, script/{batches, lists, scripts}, logs, accounting/{bookings, inventories, postings, ' +
  'posting-events}, person/{campaigns, persons, person-amendments, prospects}, billing/{camts, cashflows, ' +
  'invoices, payment-files, payment-file-lines, sepas}, case/{cases, claims}, rules, support/{committees, ' +
  'projects, budgets, questions, tickets, time-entries, votings, votes}, communication/communications, ' +
  'external/external-data, private-equity/{assets, operations, transactions}, report/reports, scoring/scores, ' +
  'system/{system-logs, system-events}';

// Spec 001 §2.1 and §2.2: list screens of entity kinds (/crons lists a pseudo-entity and is left out).
const listScreens =
  '/asset-catalog-items, /asset-service-catalog-items, /depreciation-schedules, /notes, /script-logs, /bookings, ' +
  '/inspections, /postings, /posting-events, /rules, /cases, /campaigns, /questions, /projects, ' +
  '/contract-elements, /contract-lots, /asset-lots, /maintenances, /assets, /person-amendments, /scores, ' +
  '/product-catalog-items, /documents, /collaterals, /private-equity-assets, /financing-services, /payment-files, ' +
  '/feature-flags, /claims, /communications, /contracts, /deals, /users, /batches, /scripts, /imports, /audits, ' +
  '/tasks, /flows, /locales, /tenants, /system-events, /system-logs, /access-logs, /inventories, /bank-accounts, ' +
  '/bank-operations, /bank-transactions, /invoices, /cashflows, /sepas, /camts, /votings, /votes, /committees, ' +
  '/budgets, /external-datas, /credit-lines, /agreements, /amendments, /funds, /fundings, /persons, /prospects, ' +
  '/products, /product-element-catalog-items, /product-tables, /amendment-catalog-items, /tickets, ' +
  '/time-entries, /key-values, /dtxns';

// Spec 000 §2.2: detail routes `/x` and `/x/{id}`, and detail-by-id-only routes.
const detailRoutes =
  'asset-catalog-item, asset-service-catalog-item, depreciation-schedule, user, batch, task, flow, mapping, note, ' +
  'accounting-catalog-item, booking, inspection, inventory, posting, posting-event, bank-account, bank-operation, ' +
  'invoice, cashflow, rule, case, campaign, voting, vote, committee, question, project, budget, external-data, ' +
  'credit-line, contract, deal, contract-lot, asset-lot, maintenance, asset, agreement, amendment, fund, funding, ' +
  'person, prospect, person-amendment, score, product, product-catalog-item, document, ' +
  'product-element-catalog-item, product-table, amendment-catalog-item, ticket, communication, collateral, ' +
  'private-equity-asset, private-equity-operation, financing-service, payment-file, feature-flag, claim, locale, ' +
  'contract-element, sepa, camt, bank-transaction, payment-file-line';

/**
 * Lists a select may name that the product does not ship: the tenant fills them (a List record of
 * that name); until it does, any value is taken.
 */
const listsTenantsFill = new Set(['financingType', 'financingNature', 'financingFinality', 'userPreferenceType']);

const camel = (name: string) => name[0].toLowerCase() + name.slice(1);

/** Expands `domain/{a, b}` and `domain/a, b; other/c` into full route bases. */
function expandRoutes(text: string): string[] {
  const braced = text.replace(/([\w-]+)\/\{([^}]*)\}/g, (_, domain: string, items: string) =>
    items
      .split(', ')
      .map((item) => `${domain}/${item}`)
      .join(', '),
  );
  return braced.split('; ').flatMap((group) => {
    const items = group.split(', ');
    const domain = text.includes('{') ? '' : items[0].includes('/') ? items[0].split('/')[0] + '/' : '';
    return items.map((item) => (item.includes('/') ? item : domain + item));
  });
}

/** The field at a dotted path; a number after a list picks an item (`quotations.0.financialProduct`). */
function resolve(entity: Entity, path: string): FieldDef | undefined {
  if (Object.hasOwn(auditFields, path)) return auditFields[path];
  let fields: Record<string, FieldDef> | undefined = entity.fields;
  let field: FieldDef | undefined;
  let indexed = false;
  for (const part of path.split('.')) {
    if (field?.type === 'list' && !indexed && /^\d+$/.test(part)) {
      indexed = true;
      continue;
    }
    indexed = false;
    field = fields?.[part];
    if (!field) return undefined;
    fields = field.fields;
  }
  return field;
}

/** Every field with its dotted path, nested list and object fields included. */
function* walk(fields: Record<string, FieldDef>, prefix = ''): Generator<[string, FieldDef]> {
  for (const [name, field] of Object.entries(fields)) {
    yield [prefix + name, field];
    if (field.fields) yield* walk(field.fields, `${prefix}${name}.`);
  }
}

const byName = (name: string) => {
  const entity = entityByName(name);
  if (!entity) throw new Error(`${name} is not declared`);
  return entity;
};

describe('entity registry', () => {
  it('declares every entity name of spec 000 §3, and says why it adds any other', () => {
    expect(specEntityNames).toHaveLength(102);
    for (const name of specEntityNames) expect(entityByName(name)?.name, name).toBe(name);
    for (const entity of entities.filter((e) => !specEntityNames.includes(e.name))) {
      expect(
        entity.addedBecause?.length,
        `${entity.name} is not in spec 000 §3 and declares no addedBecause`,
      ).toBeGreaterThan(20);
    }
    for (const name of specEntityNames) expect(entityByName(name)?.addedBecause, name).toBeUndefined();
    expect(entityByName('Nope')).toBeUndefined();
  });

  it('registers every declaration file (a kind is its *.entity.ts file and one import in the registry)', async () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'entities');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.entity.ts'));
    expect(files.length).toBeGreaterThanOrEqual(entities.length);
    const declared = new Set(entities);
    for (const file of files) {
      const exported = Object.values((await import(path.join(dir, file))) as Record<string, unknown>).filter(
        (value): value is Entity => typeof value === 'object' && value !== null && 'clientRoute' in value,
      );
      expect(exported.length, file).toBeGreaterThan(0);
      for (const entity of exported)
        expect(declared.has(entity), `${file}: ${entity.name} is not in the registry`).toBe(true);
    }
  });

  it('resolves every route base of spec 000 §7 and 001 §7', () => {
    const routes = [...expandRoutes(routeBases000), ...expandRoutes(routeBases001)];
    expect(routes).toContain('financing/contracts');
    expect(routes).toContain('rules');
    expect(routes).toContain('private-equity/assets');
    for (const route of routes) expect(entityByRoute(route), route).toBeDefined();
    expect(entityByRoute('financing/contracts')?.name).toBe('Contract');
    expect(entityByRoute('/private-equity/assets/')?.name).toBe('PrivateEquityAsset');
    expect(entityByRoute('external/external-data')?.name).toBe('ExternalData');
    expect(entityByRoute('temporary-collection')?.name).toBe('TmpCollection');
    expect(entityByRoute('logs')?.name).toBe('ScriptLog');
    expect(entityByRoute('core/histories')?.name).toBe('History');
    expect(entityByRoute('core/counters')?.name).toBe('Counter');
    expect(entityByRoute('financing/nothing')).toBeUndefined();
  });

  it('uses the irregular plurals of spec 000 §3 and regular ones otherwise', () => {
    for (const entity of entities) {
      expect(entity.plural, entity.name).toBe(irregularPlurals[entity.name] ?? `${camel(entity.name)}s`);
    }
  });

  it('derives list routes from the plurals', () => {
    expect(byName('TimeEntry').listRoute).toBe('time-entries');
    expect(byName('ExternalData').listRoute).toBe('external-datas');
    expect(byName('Person').listRoute).toBe('persons');
    expect(byName('Batch').listRoute).toBe('batches');
    expect(byName('ScriptLog').listRoute).toBe('script-logs');
    const listRoutes = new Set(entities.map((e) => e.listRoute));
    for (const screen of listScreens.split(', ')) expect(listRoutes.has(screen.slice(1)), screen).toBe(true);
  });

  it('finds every detail route of spec 000 §2.2 except the mapping screen', () => {
    for (const route of detailRoutes.split(', ').filter((r) => r !== 'mapping')) {
      expect(entityByClientRoute(route)?.clientRoute, route).toBe(route);
    }
    expect(entityByClientRoute('/credit-line')?.name).toBe('CreditLine');
    expect(entityByClientRoute('credit-lines')).toBeUndefined();
  });

  it('maps entity names to client routes (spec 000 §2.2)', () => {
    expect(clientRouteOf('Contract')).toBe('/contract');
    expect(clientRouteOf('CreditLine')).toBe('/credit-line');
    expect(clientRouteOf('credit line')).toBe('/credit-line');
    expect(clientRouteOf('Credit-Line')).toBe('/credit-line');
    expect(clientRouteOf('PRIVATEEQUITYASSET')).toBe('/private-equity-asset');
    expect(clientRouteOf('Contract', true)).toBe('/contract');
    expect(clientRouteOf('dynoBoat')).toBe('/page/dynoBoat');
    expect(clientRouteOf('dynoBoat', true)).toBe('/page/dynoBoat/new');
    expect(isDynoName('dynoBoat')).toBe(true);
    expect(isDynoName('DynoBoat')).toBe(true);
    expect(isDynoName('Contract')).toBe(false);
  });

  it('raises the unsupported-entity and missing-argument errors', () => {
    const thrown = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      throw new Error('nothing thrown');
    };
    const unknown = thrown(() => clientRouteOf('Spaceship'));
    expect(unknown).toBeInstanceOf(ApiError);
    expect((unknown as ApiError).code).toBe('UNSUPPORTED_ENTITY');
    expect((unknown as ApiError).args).toEqual(['Spaceship']);
    expect((unknown as ApiError).reference).toBe('400|UNSUPPORTED_ENTITY|Unsupported entity Spaceship');
    for (const missing of [undefined, '']) {
      const error = thrown(() => clientRouteOf(missing));
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).reference).toBe('400|MISSING_FIELD_IN_ARGS|Missing argument entityName');
    }
  });

  it('refuses duplicated names, routes, client routes, tables and prefixes', () => {
    const contract = byName('Contract');
    expect(() => assertUniqueEntities(entities)).not.toThrow();
    expect(() => assertUniqueEntities([contract, contract])).toThrow(/name/);
    const other = {
      ...contract,
      name: 'Other',
      route: 'x/others',
      clientRoute: 'other',
      listRoute: 'others',
      table: 'other',
      prefix: 'OT',
    };
    expect(() => assertUniqueEntities([contract, { ...other, route: contract.route }])).toThrow(/route "financing/);
    expect(() => assertUniqueEntities([contract, { ...other, clientRoute: 'contract' }])).toThrow(/client route/);
    expect(() => assertUniqueEntities([contract, { ...other, table: 'contract' }])).toThrow(/table/);
    expect(() => assertUniqueEntities([contract, { ...other, prefix: 'CT' }])).toThrow(/prefix "CT"/);
    // Keyed kinds are not numbered: their prefix may repeat.
    expect(() => assertUniqueEntities([contract, { ...other, prefix: 'CT', key: 'code' }])).not.toThrow();
  });

  it('numbers every kind but the keyed ones, each with its own short prefix', () => {
    for (const entity of entities) {
      if (entity.key) {
        expect(entity.fields[entity.key]?.mandatory, entity.name).toBe(true);
        expect(entity.fields.registration.readOnly, entity.name).toBe(false);
      } else {
        expect(entity.prefix, entity.name).toMatch(/^[A-Z]{2,3}$/);
      }
    }
    expect(byName('User').key).toBe('username');
    expect(byName('Currency').key).toBe('code');
    expect(byName('Contract').key).toBeUndefined();
    expect(byName('Contract').prefix).toBe('CT');
    expect(byName('Deal').prefix).toBe('DL');
    expect(byName('Person').prefix).toBe('PER');
    expect(byName('Prospect').prefix).toBe('PRS');
    expect(byName('Invoice').prefix).toBe('INV');
    expect(byName('Asset').prefix).toBe('AS');
  });

  it('gives a kind with a status its own status list, its statuses and a workflow over them', () => {
    for (const entity of entities) {
      expect('status' in entity.fields, entity.name).toBe(entity.status !== false);
      if (!entity.status) {
        expect(entity.statuses, entity.name).toEqual([]);
        expect(entity.workflow, entity.name).toBeUndefined();
        continue;
      }
      expect(entity.status, entity.name).toBe(`${camel(entity.name)}Status`);
      expect(entity.statuses.length, entity.name).toBeGreaterThan(1);
      expect(
        referenceLists[entity.status].map((item) => item.value),
        entity.name,
      ).toEqual([...entity.statuses]);
      expect(entity.workflow?.statuses, entity.name).toEqual([...entity.statuses]);
    }
    expect(byName('Audit').status).toBe(false);
    expect(byName('Contract').statuses[0]).toBe('DRAFT');
  });

  it('names select lists after the kind (types) or from the reference lists', () => {
    for (const entity of entities) {
      const type = entity.fields.type;
      if (type.type === 'select') expect(type.list, entity.name).toBe(`${camel(entity.name)}Type`);
      for (const [path, field] of walk(entity.fields)) {
        if (field.type !== 'select' || path === 'type' || path === 'status') continue;
        const list = field.list ?? '';
        expect(
          Object.hasOwn(referenceLists, list) || listsTenantsFill.has(list),
          `${entity.name}.${path}: ${list}`,
        ).toBe(true);
      }
    }
  });

  it('points every link at a declared entity', () => {
    for (const entity of entities) {
      for (const [path, field] of walk(entity.fields)) {
        if (field.type === 'link') expect(entityByName(field.entity ?? ''), `${entity.name}.${path}`).toBeDefined();
        // entityRegistration and a posting event's sourceRegistration name a record of any kind (with its kind beside).
        if (path.endsWith('Registration') && path !== 'entityRegistration' && path !== 'sourceRegistration') {
          expect(field.type, `${entity.name}.${path}`).toBe('link');
        }
      }
    }
  });

  it('applies every filter to a declared field', () => {
    for (const entity of entities) {
      for (const filter of entity.filters) {
        const where = `${entity.name} filter ${filter.name}`;
        const field = resolve(entity, filter.field ?? filter.name);
        expect(field, where).toBeDefined();
        if (filter.kind === 'range') {
          expect(['number', 'integer', 'percentage', 'currency', 'date', 'datetime'], where).toContain(field?.type);
        }
        if (filter.kind === 'person') {
          expect(field?.fields?.personRegistration?.type, where).toBe('link');
          expect(filter.roles?.length, where).toBeGreaterThan(0);
        }
        if (filter.entity) expect(entityByName(filter.entity), where).toBeDefined();
      }
      const names = entity.filters.map((f) => f.name);
      expect(new Set(names).size, `${entity.name} filter names`).toBe(names.length);
    }
  });

  it('shows every column from a declared field', () => {
    for (const entity of entities) {
      for (const column of entity.columns) {
        const where = `${entity.name} column ${column.field}`;
        expect(resolve(entity, column.field), where).toBeDefined();
        if (column.currencyField) expect(resolve(entity, column.currencyField)?.list, where).toBe('currency');
      }
      for (const path of entity.textSearch) expect(resolve(entity, path), `${entity.name} text ${path}`).toBeDefined();
      for (const path of entity.indexes) expect(resolve(entity, path), `${entity.name} index ${path}`).toBeDefined();
    }
  });

  it('declares the spec filters of contracts, deals, invoices and users', () => {
    const filterOf = (entity: string, name: string) => byName(entity).filters.find((f) => f.name === name);
    expect(filterOf('Contract', 'contractType')?.hidden).toBe(true);
    expect(filterOf('Contract', 'client')).toMatchObject({ kind: 'person', roles: ['CLIENT'], entity: 'Person' });
    expect(filterOf('Deal', 'client')).toMatchObject({ kind: 'person', roles: ['CLIENT'], entity: 'Prospect' });
    expect(filterOf('Contract', 'assetRegistration')?.field).toBe('assets.assetRegistration');
    expect(filterOf('Contract', 'duration')?.kind).toBe('range');
    expect(filterOf('Invoice', 'contract')).toMatchObject({ kind: 'regex', field: 'contractRegistration' });
    expect(filterOf('Invoice', 'payer')).toMatchObject({ kind: 'person', roles: ['PAYER'] });
    expect(filterOf('User', 'firstName')).toMatchObject({ kind: 'regex', anchored: true });
    expect(byName('Person').textSearch).toEqual(['registration', 'name', 'firstName', 'lastName', 'email']);
  });
});
