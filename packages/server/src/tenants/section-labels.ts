/**
 * English labels of the tenant configuration's sections, by name (the screen translates them);
 * a section a module adds later without one is shown by its name.
 */
export const sectionLabels: Record<string, string> = {
  'tenant-config': 'General',
  profilesPermissions: 'Profiles and permissions',
  'cron-list': 'Recurring jobs',
  dunning: 'Dunning levels',
  debitReturns: 'Returned debits',
  invoiceLayout: 'Invoice layout',
  postingRules: 'Posting rules',
  sso: 'Single sign-on',
  taskRules: 'Task rules',
  mail: 'Mail',
};
