/**
 * The web's boundaries (dependency-cruiser 17): its domains plug into a core that knows none of them.
 *
 * - Core folders: app, entities, fields, i18n. Domain folders: every other folder of src (accounting,
 *   banking, billing, documents, financing, jobs, person, report, and any new one).
 * - (a) The core imports no domain, not even a type, except the composition root app/web-modules.ts(x);
 *   (d) test files are free of (a).
 * - (b) A domain imports another domain only through that domain's <domain>.module.ts(x).
 * - (c) No runtime import cycle spans two top-level folders (type-only imports do not count).
 *
 * Paths are matched from wherever it runs: the repo root (`npx depcruise --config
 * packages/web/.dependency-cruiser.cjs packages/web/src`) or packages/web (`npm run lint:web-boundaries`).
 */
const path = require('node:path');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const srcFolder = path.relative(process.cwd(), path.join(__dirname, 'src')).split(path.sep).join('/');
const src = `^${escape(srcFolder)}/`;
const core = '(app|entities|fields|i18n)';
const tests = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-core-imports-no-domain',
      comment:
        'The web core (app, entities, fields, i18n) reaches the domains only through what app/web-modules.ts composed ' +
        '(useWebModules(), shippedTranslations): list the domain in its module instead of importing it.',
      severity: 'error',
      from: { path: `${src}${core}/`, pathNot: [`${src}app/web-modules\\.tsx?$`, tests] },
      to: { path: src, pathNot: `${src}${core}/` },
    },
    {
      name: 'web-domain-imports-domain-through-its-module',
      comment:
        "A web domain imports another domain only through that domain's <domain>.module.ts(x); " +
        'a generic piece two domains share belongs to the core.',
      severity: 'error',
      from: { path: `${src}([^/]+)/`, pathNot: `${src}${core}/` },
      to: {
        path: src,
        pathNot: [`${src}$1/`, `${src}${core}/`, `${src}(?<domain>[^/]+)/\\k<domain>\\.module\\.tsx?$`],
      },
    },
    {
      name: 'web-no-cycle-across-folders',
      comment: 'No runtime import cycle spans two top-level folders of the web (type-only imports excepted).',
      severity: 'error',
      from: { path: `${src}([^/]+)/` },
      to: {
        circular: true,
        via: { pathNot: `${src}$1/` },
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    includeOnly: src,
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
