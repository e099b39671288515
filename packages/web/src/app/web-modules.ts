import { accountingModule } from '../accounting/accounting.module.ts';
import { bankingModule } from '../banking/banking.module.ts';
import { catalogueModule } from '../catalogue/catalogue.module.ts';
import { billingModule } from '../billing/billing.module.ts';
import { documentsModule } from '../documents/documents.module.ts';
import { fieldModule } from '../field/field.module.ts';
import { financingModule } from '../financing/financing.module.ts';
import { type ShippedTranslations, shippedLocaleOf, withCoreTranslations } from '../i18n/i18n.ts';
import { jobsModule } from '../jobs/jobs.module.ts';
import { mailModule } from '../mail/mail.module.ts';
import { notesModule } from '../notes/notes.module.ts';
import { notificationsModule } from '../notifications/notifications.module.ts';
import { searchModule } from '../search/search.module.ts';
import { tasksModule } from '../tasks/tasks.module.ts';
import { committeesModule } from '../committees/committees.module.ts';
import { scoringModule } from '../scoring/scoring.module.ts';
import { supportModule } from '../support/support.module.ts';
import { personModule } from '../person/person.module.ts';
import { privateEquityModule } from '../private-equity/private-equity.module.ts';
import { projectsModule } from '../projects/projects.module.ts';
import { reportModule } from '../report/report.module.ts';
import { scriptModule } from '../script/script.module.ts';
import { importsModule } from '../imports/imports.module.ts';
import { flagsModule } from '../flags/flags.module.ts';
import { tenantsModule } from '../tenants/tenants.module.ts';
import { dynoModule } from '../dyno/dyno.module.ts';
import { flowModule } from '../flow/flow.module.ts';
import { documentationModule } from '../documentation/documentation.module.ts';
import { localesModule } from '../locales/locales.module.ts';
import { offlineModule } from '../offline/offline.module.ts';
import { operationsModule } from '../operations/operations.module.ts';
import { composeWebModules, type WebModule } from './web-module.ts';

/**
 * The composition root of the web: the one file of the core that names the domains. Each domain
 * brings its `WebModule` (screens by key, tool screens, translations, the slots it fills); the
 * core reads them only as composed here (`useWebModules()`, `shippedTranslations`). A new domain
 * adds its module to this list.
 */
export const webModules: WebModule[] = [
  personModule,
  financingModule,
  catalogueModule,
  billingModule,
  bankingModule,
  accountingModule,
  reportModule,
  documentsModule,
  fieldModule,
  jobsModule,
  notesModule,
  tasksModule,
  committeesModule,
  scoringModule,
  supportModule,
  mailModule,
  notificationsModule,
  searchModule,
  scriptModule,
  importsModule,
  flagsModule,
  tenantsModule,
  dynoModule,
  flowModule,
  documentationModule,
  localesModule,
  privateEquityModule,
  projectsModule,
  offlineModule,
  operationsModule,
];

export const composedWeb = composeWebModules(webModules);

/** The texts shipped for a locale: the modules' ones, between the core's declared labels and its own texts. */
export const shippedTranslations: ShippedTranslations = async (locale) =>
  withCoreTranslations(locale, composedWeb.translations(shippedLocaleOf(locale)));
