import { entities } from '@lbo/model/entity-registry';
import { accountingModule } from './accounting/accounting.module.ts';
import { assetModule } from './asset/asset.module.ts';
import { bankingModule, type BankingSettings } from './banking/banking.module.ts';
import { billingModule, type BillingSettings } from './billing/billing.module.ts';
import type { Db } from './db/database.ts';
import { registerModuleSchema } from './db/migrate.ts';
import type { ObjectStore } from './db/object-store.ts';
import { demoModule } from './demo/demo.module.ts';
import { documentsModule } from './documents/documents.module.ts';
import { dynoModule } from './dyno/dyno.module.ts';
import { flowModule } from './flow/flow.module.ts';
import { documentationModule } from './documentation/documentation.module.ts';
import { externalModule } from './external/external.module.ts';
import { fieldModule } from './field/field.module.ts';
import { financingModule } from './financing/financing.module.ts';
import { listsModule } from './lists/lists.module.ts';
import { mailModule } from './mail/mail.module.ts';
import { notesModule } from './notes/notes.module.ts';
import { operationsModule } from './operations/operations.module.ts';
import { notificationsModule } from './notifications/notifications.module.ts';
import { searchModule } from './search/search.module.ts';
import { scriptModule } from './script/script.module.ts';
import { importsModule } from './imports/imports.module.ts';
import { indicesModule } from './indices/indices.module.ts';
import { campaignsModule } from './campaigns/campaigns.module.ts';
import { flagsModule } from './flags/flags.module.ts';
import { tenantsModule } from './tenants/tenants.module.ts';
import { tasksModule } from './tasks/tasks.module.ts';
import { committeesModule } from './committees/committees.module.ts';
import { scoringModule } from './scoring/scoring.module.ts';
import { supportModule } from './support/support.module.ts';
import { localesModule } from './locales/locales.module.ts';
import { composeModules } from './modules/compose.ts';
import type { ServerModule } from './modules/server-module.ts';
import { personModule } from './person/person.module.ts';
import { privateEquityModule } from './private-equity/private-equity.module.ts';
import { projectsModule } from './projects/projects.module.ts';
import { reportModule, type ReportSettings } from './report/report.module.ts';
import { bootstrap as bootstrapWith, createTenant as createTenantWith } from './seed/bootstrap.ts';
import { ssoModule } from './sso/sso.module.ts';

/** The settings some modules take (background thresholds). */
export type ProductSettings = BillingSettings & BankingSettings & ReportSettings;

/**
 * The product: every domain module, in the order their routes are registered and their demo
 * steps played. The one place that names them all (with `app.ts`, which builds the server from them).
 */
export const productModules = (settings: ProductSettings = {}): ServerModule[] => [
  listsModule,
  localesModule,
  dynoModule,
  flowModule,
  documentationModule,
  flagsModule,
  scriptModule,
  personModule,
  assetModule,
  externalModule,
  documentsModule,
  // After documents: its demo step attaches the inspections' photos.
  fieldModule,
  reportModule(settings),
  financingModule,
  billingModule(settings),
  bankingModule(settings),
  accountingModule,
  ssoModule,
  demoModule,
  notificationsModule,
  notesModule,
  tasksModule,
  scoringModule,
  privateEquityModule,
  projectsModule,
  supportModule,
  committeesModule,
  // After the modules whose demo steps queue mails: its demo step delivers them all.
  mailModule,
  searchModule,
  importsModule,
  indicesModule,
  campaignsModule,
  tenantsModule,
  operationsModule,
];

const product = composeModules(productModules(), entities);
// The modules' own tables and triggers are created with the derived DDL, by the database's owner.
for (const module of product.modules) if (module.schema) registerModuleSchema(module.name, module.schema);

/** Creates a tenant and its administrator, with the modules' recurring jobs and default records. */
export const createTenant = (
  db: Db,
  name: string,
  admin: { username: string; password: string; isSuperAdmin?: boolean },
) => createTenantWith(db, name, admin, product.crons, product.tenantDefaults);

/** First start: the master and demo tenants, then the demo book lived through by the modules' demo steps. */
export const bootstrap = (db: Db, options: { adminPassword?: string; demoData: boolean; objectStore?: ObjectStore }) =>
  bootstrapWith(db, options, product);
