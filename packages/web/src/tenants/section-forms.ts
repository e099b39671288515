/**
 * The forms of the configuration sections whose shape the web knows (the server's validators in
 * each module are the rule; these only lay out their main fields). A section without one, or a
 * field without an input, is edited as JSON. Values the form does not show are kept as they are.
 */
export type InputKind = 'text' | 'secret' | 'number' | 'boolean' | 'select' | 'tags' | 'json';

export interface FieldSpec {
  /** Its path in the section (or in a list's item). */
  name: string[];
  label: string;
  kind: InputKind;
  /** Reference list of a select. */
  list?: string;
}

export interface ListSpec {
  /** Path of the list in the form's values (`items` for a section that is a list). */
  name: string;
  label: string;
  item: FieldSpec[];
}

export interface SectionForm {
  fields?: FieldSpec[];
  lists?: ListSpec[];
  /** The section's value as the form's values, and back (a section that is a list, a map). */
  toForm?(value: unknown): Record<string, unknown>;
  fromForm?(values: Record<string, unknown>): unknown;
  /** The form's path of a field the server names (`[0].cron` → `items, 0, cron`). */
  errorPath?(path: (string | number)[]): (string | number)[];
}

const f = (name: string, label: string, kind: InputKind = 'text', list?: string): FieldSpec => ({
  name: name.split('.'),
  label,
  kind,
  list,
});

/** A section that is a list: edited as `items`; the server names an item `[i]` or `{section}[i]`. */
const listSection = (label: string, item: FieldSpec[], prefix?: string): SectionForm => ({
  lists: [{ name: 'items', label, item }],
  toForm: (value) => ({ items: Array.isArray(value) ? value : [] }),
  fromForm: (values) => values.items ?? [],
  errorPath: (path) => ['items', ...(path[0] === prefix ? path.slice(1) : path)],
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const sectionForms: Record<string, SectionForm> = {
  'tenant-config': {
    fields: [
      f('type', 'Type', 'select', 'tenantType'),
      f('landingPage', 'Landing page'),
      f('collectMissingTranslations', 'Collect missing translations', 'boolean'),
      f('options', 'Options', 'json'),
      f('menus', 'Menus', 'json'),
      f('responsiveBottomNavigation', 'Bottom navigation', 'json'),
      f('scriptOverrides', 'Script overrides', 'json'),
    ],
  },
  'cron-list': listSection('Recurring jobs', [
    f('name', 'Name'),
    f('cron', 'Schedule (cron)'),
    f('job', 'Batch type', 'select', 'batchType'),
    f('timeZone', 'Time zone'),
    f('enabled', 'Enabled', 'boolean'),
    f('parameters', 'Parameters', 'json'),
  ]),
  profilesPermissions: {
    lists: [
      { name: 'items', label: 'Profiles', item: [f('profile', 'Profile'), f('permissions', 'Permissions', 'tags')] },
    ],
    // The validator takes the collection form `[{profile, permissions}]` as well as the map.
    toForm: (value) => ({
      items: isRecord(value) ? Object.entries(value).map(([profile, permissions]) => ({ profile, permissions })) : [],
    }),
    fromForm: (values) => values.items ?? [],
    errorPath: (path) => (typeof path[0] === 'number' ? ['items', ...path] : path),
  },
  dunning: {
    fields: [
      f('interestRate', 'Yearly interest rate (0.12 for 12 %)', 'number'),
      f('indemnity.amount', 'Recovery indemnity', 'number'),
      f('indemnity.businessOnly', 'Business payers only', 'boolean'),
      f('feeTaxCode', 'Tax code of fees'),
    ],
    lists: [
      {
        name: 'levels',
        label: 'Dunning levels',
        item: [
          f('code', 'Code'),
          f('days', 'Days after the due date', 'number'),
          f('fee', 'Fee', 'number'),
          f('chargeInterest', 'Charge interest', 'boolean'),
          f('label', 'Label', 'json'),
        ],
      },
    ],
  },
  postingRules: listSection(
    'Posting rules',
    [f('eventType', 'Event type'), f('journal', 'Journal'), f('when', 'When', 'json'), f('lines', 'Lines', 'json')],
    'postingRules',
  ),
  sso: {
    lists: [
      {
        name: 'oidc',
        label: 'OpenID Connect providers',
        item: [
          f('oidcId', 'Identifier'),
          f('issuer', 'Issuer'),
          f('clientId', 'Client ID'),
          f('clientSecret', 'Client secret', 'secret'),
          f('redirectUri', 'Redirect address'),
          f('scope', 'Scope'),
          f('label', 'Label', 'json'),
        ],
      },
      {
        name: 'saml',
        label: 'SAML providers',
        item: [
          f('id', 'Identifier'),
          f('entryPoint', 'Sign-in address'),
          f('issuer', 'Issuer'),
          f('callbackUrl', 'Callback address'),
          f('idpCert', 'Certificate', 'json'),
          f('label', 'Label', 'json'),
        ],
      },
    ],
    fields: [f('hosts', 'Hosts', 'json')],
  },
  taskRules: {
    lists: [
      {
        name: 'rules',
        label: 'Task rules',
        item: [
          f('name', 'Name'),
          f('enabled', 'Enabled', 'boolean'),
          f('kind', 'Kind'),
          f('filter', 'Filter'),
          f('subject', 'Subject'),
          f('dueInDays', 'Due in days', 'number'),
          f('assignee', 'Assignee', 'json'),
        ],
      },
    ],
  },
};

/** Drops empty texts and absent values (a cleared input), which the validators would refuse. */
export function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, withoutEmpty(v)]),
  );
}
