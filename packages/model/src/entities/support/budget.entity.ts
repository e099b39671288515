import { defineEntity } from '../../entity.ts';
import { currency, date, link, list, select, text } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * A budget of a project or of an organization over a period (docs/projects.md): lines by account
 * with the amount budgeted and the amount committed (orders placed, entered by hand). The actual
 * of each line is read from the books' postings on its account over the period, and the variance
 * with it, by `GET /api/support/budgets/{registration}/actuals`.
 */
export const budget = defineEntity({
  name: 'Budget',
  route: 'support/budgets',
  prefix: 'BUD',
  fields: {
    projectRegistration: link('Project', { label: 'Project' }),
    /** The organization whose books hold the actuals (postings' organizationRegistration); all when empty. */
    orgaRegistration: link('Person', { label: 'Organization' }),
    startDate: date(),
    endDate: date(),
    currency: select('currency'),
    lines: list(
      {
        /** An account of the chart: postings on it and on its sub-accounts (`6063` takes `606310`) are its actuals. */
        accountNumber: text({ mandatory: true, max: 20, label: 'Account' }),
        label: text({ max: 200 }),
        budgeted: currency({ min: 0 }),
        committed: currency({ min: 0 }),
      },
      { label: 'Budget lines' },
    ),
    closingDate: date({ readOnly: true }),
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('project', { field: 'projectRegistration' }),
    equal('orgaRegistration'),
    range('startDate'),
    range('endDate'),
    equal('account', { field: 'lines.accountNumber' }),
  ],
  columns: ['registration', 'status', 'name', 'projectRegistration', 'orgaRegistration', 'startDate', 'endDate'],
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'ACTIVE', 'CLOSED', 'REJECTED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED'),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('ACTIVATE', 'APPROVED', 'ACTIVE'),
    t('CLOSE', 'ACTIVE', 'CLOSED', { sideEffects: ['stampClosingDate'] }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
  ],
  writeHooks: 'budget',
  screens: { detail: 'budget' },
  menu: { section: 'Support', order: 30 },
  labels: {
    fr: {
      singular: 'Budget',
      plural: 'Budgets',
      texts: {
        Project: 'Projet',
        Organization: 'Organisation',
        'Start date': 'Date de début',
        'End date': 'Date de fin',
        Currency: 'Devise',
        'Budget lines': 'Lignes budgétaires',
        Account: 'Compte',
        Label: 'Libellé',
        Budgeted: 'Budgété',
        Committed: 'Engagé',
        'Closing date': 'Date de clôture',
      },
    },
  },
});
