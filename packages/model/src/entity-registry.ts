import type { Entity } from './entity.ts';
import { ApiError } from './errors.ts';
import { statusLabels } from './lists/status-labels.ts';

import { audit } from './entities/core/audit.entity.ts';
import { counter } from './entities/core/counter.entity.ts';
import { currency } from './entities/core/currency.entity.ts';
import { document } from './entities/core/document.entity.ts';
import { documentation } from './entities/core/documentation.entity.ts';
import { dtxn } from './entities/core/dtxn.entity.ts';
import { dynoDescriptor } from './entities/core/dyno-descriptor.entity.ts';
import { featureFlagItem } from './entities/core/feature-flag-item.entity.ts';
import { featureFlag } from './entities/core/feature-flag.entity.ts';
import { flow } from './entities/core/flow.entity.ts';
import { history } from './entities/core/history.entity.ts';
import { index } from './entities/core/index.entity.ts';
import { indice } from './entities/core/indice.entity.ts';
import { keyValue } from './entities/core/key-value.entity.ts';
import { locale } from './entities/core/locale.entity.ts';
import { mail } from './entities/core/mail.entity.ts';
import { metricRecord } from './entities/core/metric-record.entity.ts';
import { metric } from './entities/core/metric.entity.ts';
import { note } from './entities/core/note.entity.ts';
import { sheet } from './entities/core/sheet.entity.ts';
import { task } from './entities/core/task.entity.ts';
import { tax } from './entities/core/tax.entity.ts';
import { tenant } from './entities/core/tenant.entity.ts';
import { tmpCollection } from './entities/core/tmp-collection.entity.ts';
import { userPreference } from './entities/core/user-preference.entity.ts';
import { user } from './entities/core/user.entity.ts';
import { agreement } from './entities/financing/agreement.entity.ts';
import { amendmentCatalogItem } from './entities/financing/amendment-catalog-item.entity.ts';
import { amendment } from './entities/financing/amendment.entity.ts';
import { contractElement } from './entities/financing/contract-element.entity.ts';
import { contractLot } from './entities/financing/contract-lot.entity.ts';
import { contract } from './entities/financing/contract.entity.ts';
import { creditLine } from './entities/financing/credit-line.entity.ts';
import { deal } from './entities/financing/deal.entity.ts';
import { externalContract } from './entities/financing/external-contract.entity.ts';
import { financingService } from './entities/financing/financing-service.entity.ts';
import { fund } from './entities/financing/fund.entity.ts';
import { funding } from './entities/financing/funding.entity.ts';
import { productCatalogItem } from './entities/financing/product-catalog-item.entity.ts';
import { productElementCatalogItem } from './entities/financing/product-element-catalog-item.entity.ts';
import { productTable } from './entities/financing/product-table.entity.ts';
import { product } from './entities/financing/product.entity.ts';
import { quotation } from './entities/financing/quotation.entity.ts';
import { assetCatalogItem } from './entities/asset/asset-catalog-item.entity.ts';
import { assetExpense } from './entities/asset/asset-expense.entity.ts';
import { assetLot } from './entities/asset/asset-lot.entity.ts';
import { assetServiceCatalogItem } from './entities/asset/asset-service-catalog-item.entity.ts';
import { asset } from './entities/asset/asset.entity.ts';
import { collateral } from './entities/asset/collateral.entity.ts';
import { depreciationSchedule } from './entities/asset/depreciation-schedule.entity.ts';
import { inspection } from './entities/asset/inspection.entity.ts';
import { location } from './entities/asset/location.entity.ts';
import { maintenance } from './entities/asset/maintenance.entity.ts';
import { campaignContact } from './entities/person/campaign-contact.entity.ts';
import { campaign } from './entities/person/campaign.entity.ts';
import { organization } from './entities/person/organization.entity.ts';
import { personAmendment } from './entities/person/person-amendment.entity.ts';
import { person } from './entities/person/person.entity.ts';
import { prospect } from './entities/person/prospect.entity.ts';
import { camt } from './entities/billing/camt.entity.ts';
import { cashflowAllocation } from './entities/billing/cashflow-allocation.entity.ts';
import { cashflow } from './entities/billing/cashflow.entity.ts';
import { invoiceLine } from './entities/billing/invoice-line.entity.ts';
import { invoice } from './entities/billing/invoice.entity.ts';
import { paymentFileLine } from './entities/billing/payment-file-line.entity.ts';
import { paymentFile } from './entities/billing/payment-file.entity.ts';
import { sepa } from './entities/billing/sepa.entity.ts';
import { bankAccount } from './entities/banking/bank-account.entity.ts';
import { bankOperation } from './entities/banking/bank-operation.entity.ts';
import { bankStatement } from './entities/banking/bank-statement.entity.ts';
import { bankTransaction } from './entities/banking/bank-transaction.entity.ts';
import { accountingCatalogItem } from './entities/accounting/accounting-catalog-item.entity.ts';
import { booking } from './entities/accounting/booking.entity.ts';
import { inventory } from './entities/accounting/inventory.entity.ts';
import { postingEvent } from './entities/accounting/posting-event.entity.ts';
import { posting } from './entities/accounting/posting.entity.ts';
import { budget } from './entities/support/budget.entity.ts';
import { committee } from './entities/support/committee.entity.ts';
import { project } from './entities/support/project.entity.ts';
import { question } from './entities/support/question.entity.ts';
import { ticket } from './entities/support/ticket.entity.ts';
import { timeEntry } from './entities/support/time-entry.entity.ts';
import { vote } from './entities/support/vote.entity.ts';
import { voting } from './entities/support/voting.entity.ts';
import { caseEntity } from './entities/case/case.entity.ts';
import { claim } from './entities/case/claim.entity.ts';
import { accessLog } from './entities/system/access-log.entity.ts';
import { accessStat } from './entities/system/access-stat.entity.ts';
import { systemEvent } from './entities/system/system-event.entity.ts';
import { systemLog } from './entities/system/system-log.entity.ts';
import { batch } from './entities/script/batch.entity.ts';
import { importEntity } from './entities/script/import.entity.ts';
import { list } from './entities/script/list.entity.ts';
import { rule } from './entities/script/rule.entity.ts';
import { scriptLog } from './entities/script/script-log.entity.ts';
import { script } from './entities/script/script.entity.ts';
import { privateEquityAsset } from './entities/private-equity/private-equity-asset.entity.ts';
import { privateEquityOperation } from './entities/private-equity/private-equity-operation.entity.ts';
import { privateEquityTransaction } from './entities/private-equity/private-equity-transaction.entity.ts';
import { score } from './entities/scoring/score.entity.ts';
import { scoreCard } from './entities/scoring/score-card.entity.ts';
import { communication } from './entities/communication/communication.entity.ts';
import { externalData } from './entities/external/external-data.entity.ts';
import { report } from './entities/report/report.entity.ts';
import { exportKind } from './entities/report/export.entity.ts';
import { notification } from './entities/notification/notification.entity.ts';

/** Every declared entity kind. */
export const entities: Entity[] = [
  // core
  audit,
  counter,
  currency,
  document,
  documentation,
  dtxn,
  dynoDescriptor,
  featureFlag,
  featureFlagItem,
  flow,
  history,
  index,
  indice,
  keyValue,
  locale,
  mail,
  metric,
  metricRecord,
  note,
  sheet,
  task,
  tax,
  tenant,
  tmpCollection,
  user,
  userPreference,
  // financing
  agreement,
  amendment,
  amendmentCatalogItem,
  contract,
  contractElement,
  contractLot,
  creditLine,
  deal,
  externalContract,
  financingService,
  fund,
  funding,
  product,
  productCatalogItem,
  productElementCatalogItem,
  productTable,
  quotation,
  // asset
  asset,
  assetCatalogItem,
  assetExpense,
  assetLot,
  assetServiceCatalogItem,
  collateral,
  depreciationSchedule,
  inspection,
  location,
  maintenance,
  // person
  campaign,
  campaignContact,
  organization,
  person,
  personAmendment,
  prospect,
  // billing
  camt,
  cashflow,
  cashflowAllocation,
  invoice,
  invoiceLine,
  paymentFile,
  paymentFileLine,
  sepa,
  // bank
  bankAccount,
  bankOperation,
  bankStatement,
  bankTransaction,
  // accounting
  accountingCatalogItem,
  booking,
  inventory,
  posting,
  postingEvent,
  // support
  budget,
  committee,
  project,
  question,
  ticket,
  timeEntry,
  vote,
  voting,
  // case
  caseEntity,
  claim,
  // system
  accessLog,
  accessStat,
  systemEvent,
  systemLog,
  // script
  batch,
  importEntity,
  list,
  rule,
  script,
  scriptLog,
  // other domains
  privateEquityAsset,
  privateEquityOperation,
  privateEquityTransaction,
  score,
  scoreCard,
  communication,
  externalData,
  report,
  exportKind,
  notification,
];

export { auditFields } from './audit-fields.ts';

/** `Credit-Line`, `credit line` and `CreditLine` all give `creditline` (spec 000 §2.2). */
const normalise = (name: string) => name.toLowerCase().replace(/[\s-]/g, '');

/** Throws when two declarations share a name, route, client or list route, table or registration prefix. */
export function assertUniqueEntities(list: Entity[]): void {
  const keys: Record<string, (e: Entity) => string | undefined> = {
    name: (e) => e.name,
    'normalised name': (e) => normalise(e.name),
    route: (e) => e.route,
    'client route': (e) => e.clientRoute,
    'list route': (e) => e.listRoute,
    table: (e) => e.table,
    // Kinds identified by a key field are not numbered: their prefix is never used.
    prefix: (e) => (e.key ? undefined : e.prefix),
  };
  for (const [what, keyOf] of Object.entries(keys)) {
    const seen = new Map<string, string>();
    for (const entity of list) {
      const key = keyOf(entity);
      if (key === undefined) continue;
      const other = seen.get(key);
      if (other) throw new Error(`Entities ${other} and ${entity.name} share the ${what} "${key}"`);
      seen.set(key, entity.name);
    }
  }
}

/**
 * Throws when a product kind leaves out what every kind must say: its French title (every
 * shipped language), its place in the menu (or why it has none) and a label for each of its
 * statuses (the shared ones in lists/status-labels.ts, then the kind's own). Checked here rather
 * than when a kind is declared, so that a screen loading one declaration does not load every label.
 */
export function assertCompleteDeclarations(list: Entity[]): void {
  for (const entity of list) {
    for (const code of entity.statuses)
      if (!Object.hasOwn(statusLabels, code) && !entity.statusLabels?.[code])
        throw new Error(
          `${entity.name}: status ${code} has no label (lists/status-labels.ts or the declaration's statusLabels)`,
        );
    if (!entity.labels.fr?.singular || !entity.labels.fr.plural)
      throw new Error(`${entity.name} declares no French title (labels.fr)`);
    if (!entity.menu) throw new Error(`${entity.name} declares no menu placement (menu)`);
  }
}

assertUniqueEntities(entities);
assertCompleteDeclarations(entities);

const byName = new Map<string, Entity>();
const byNormalisedName = new Map<string, Entity>();
const byRoute = new Map<string, Entity>();
const byClientRoute = new Map<string, Entity>();
const addToLookups = (list: Entity[]) => {
  for (const e of list) {
    byName.set(e.name, e);
    byNormalisedName.set(normalise(e.name), e);
    byRoute.set(e.route, e);
    byClientRoute.set(e.clientRoute, e);
  }
};
addToLookups(entities);

type KindsListener = (kinds: Entity[]) => void;
const listeners: KindsListener[] = [];

/** Lets a module that derives data from the kinds (status lists) follow kinds registered later. */
export function onKindsRegistered(listener: KindsListener): void {
  listeners.push(listener);
}

/**
 * Adds kinds declared outside the product's list — a test's fixture kind — to everything derived
 * from the registry: tables, routes, status lists, workflows, menus and labels. Call it before the
 * database is opened and the app is built.
 */
export function registerKinds(kinds: Entity[]): void {
  const fresh = kinds.filter((kind) => byName.get(kind.name) !== kind);
  assertUniqueEntities([...entities, ...fresh]);
  assertCompleteDeclarations(fresh);
  entities.push(...fresh);
  addToLookups(fresh);
  for (const listener of listeners) listener(fresh);
}

export const entityByName = (name: string): Entity | undefined => byName.get(name);

/** `financing/contracts` (the route base under `/api`, leading and trailing slashes ignored). */
export const entityByRoute = (route: string): Entity | undefined => byRoute.get(route.replace(/^\/+|\/+$/g, ''));

/** `credit-line`: the dashed singular of the detail route. */
export const entityByClientRoute = (dashed: string): Entity | undefined =>
  byClientRoute.get(dashed.replace(/^\/+|\/+$/g, ''));

/** Dynamic entities (`dynoXxx`), served under `/api/dyno/{name}` and shown under `/page/{name}`. */
export const isDynoName = (name: string): boolean => /^dyno/i.test(name);

/**
 * Client route of an entity name (spec 000 §2.2): `Credit line` → `/credit-line`;
 * `dynoBoat` → `/page/dynoBoat`, `/page/dynoBoat/new` when creating.
 */
export function clientRouteOf(entityName: string | undefined, creating = false): string {
  if (!entityName) throw new ApiError('MISSING_FIELD_IN_ARGS', ['entityName']);
  if (isDynoName(entityName)) return `/page/${entityName}${creating ? '/new' : ''}`;
  const entity = byNormalisedName.get(normalise(entityName));
  if (!entity) throw new ApiError('UNSUPPORTED_ENTITY', [entityName]);
  return `/${entity.clientRoute}`;
}
