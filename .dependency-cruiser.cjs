/**
 * The server's walls (docs/architecture.md): what may import what, written once. Everything not
 * allowed here fails `npm run lint`.
 *
 * - The core is layered, lowest first: each core folder imports only the folders below it.
 * - A domain module imports the core, and another domain only through its `<domain>.module.ts`,
 *   along the arrows listed in `domainArrows` (acyclic).
 * - The composition root (app.ts, product.ts, main.ts) and tests import anything; production code
 *   never imports the test helpers (testing/).
 */
const src = '^packages/server/src/';
const coreLayers = ['db', 'http', 'entities', 'jobs', 'auth', 'workflow', 'modules', 'seed'];
const domainArrows = {
  lists: [],
  dyno: [],
  flow: [],
  documentation: [],
  locales: [],
  person: [],
  asset: [],
  external: [],
  documents: [],
  report: [],
  sso: [],
  financing: ['person', 'external'],
  billing: ['financing', 'documents'],
  banking: ['billing', 'documents'],
  accounting: ['billing', 'documents'],
  demo: ['financing', 'billing', 'banking', 'accounting', 'documents'],
  mail: ['documents'],
  notifications: ['mail'],
  notes: ['notifications'],
  tasks: ['notifications'],
  support: [],
  search: [],
  flags: [],
  script: ['billing'],
  imports: [],
  tenants: [],
  indices: [],
  campaigns: [],
  scoring: [],
  committees: ['mail'],
  'private-equity': [],
  projects: [],
  field: ['documents'],
  operations: [],
};
const domains = Object.keys(domainArrows);
const anyOf = (names) => `(${names.join('|')})`;
const outside = '^(?!packages/server/src/)';

module.exports = {
  allowed: [
    { comment: 'libraries, node and the model', from: {}, to: { path: outside } },
    { comment: 'node built-ins', from: {}, to: { dependencyTypes: ['core'] } },
    { comment: 'inside one folder', from: { path: `${src}([^/]+)/` }, to: { path: `${src}$1/` } },
    {
      comment: 'the composition root and the tests',
      from: { path: [`${src}[^/]+\\.ts$`, '\\.test\\.ts$', `${src}testing/`] },
      to: {},
    },
    { comment: 'settings of the process', from: { path: src }, to: { path: `${src}config\\.ts$` } },
    ...coreLayers.slice(1).map((layer, i) => ({
      comment: `core: ${layer} stands on ${coreLayers.slice(0, i + 1).join(', ')}`,
      from: { path: `${src}${layer}/` },
      to: { path: `${src}${anyOf(coreLayers.slice(0, i + 1))}/` },
    })),
    {
      comment: 'a domain stands on the core',
      from: { path: `${src}${anyOf(domains)}/` },
      to: { path: `${src}${anyOf(coreLayers.filter((l) => l !== 'seed'))}/` },
    },
    ...Object.entries(domainArrows)
      .filter(([, to]) => to.length)
      .map(([from, to]) => ({
        comment: `${from} reaches ${to.join(', ')} through their modules`,
        from: { path: `${src}${from}/` },
        to: { path: to.map((d) => `${src}${d}/${d}\\.module\\.ts$`) },
      })),
  ],
  allowedSeverity: 'error',
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['node_modules'] },
    doNotFollow: { path: ['node_modules', '^packages/model/'] },
  },
};
