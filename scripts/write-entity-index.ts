/**
 * Writes packages/model/src/entity-index.ts from the entity registry: each kind's names, routes,
 * titles and screens, and a loader of its declaration (the web loads a kind's declaration when a
 * screen first needs it, docs/decisions.md "Declarations loaded per kind"); and
 * packages/model/src/lists/type-list-names.ts, the names of the reference lists a kind takes its
 * types from (`contractType`), so that declaring a kind does not load every reference list.
 *
 *   npx tsx scripts/write-entity-index.ts
 *
 * packages/model/src/entity-index.test.ts fails when either file no longer says what the declarations
 * and the lists say.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entities } from '../packages/model/src/entity-registry.ts';
import { codeTables } from '../packages/model/src/lists/code-tables.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/model/src');
const registry = fs.readFileSync(path.join(src, 'entity-registry.ts'), 'utf8');
const imports = [...registry.matchAll(/^import \{ (\w+) \} from '(\.\/entities\/[^']+)';$/gm)];
const modules = new Map<unknown, { name: string; file: string }>();
for (const [, name, file] of imports) {
  const module = await import(path.join(src, file));
  modules.set(module[name], { name, file });
}
const lines = entities.map((entity) => {
  const origin = modules.get(entity);
  if (!origin) throw new Error(`${entity.name}: no import of its declaration in entity-registry.ts`);
  const summary = {
    name: entity.name,
    route: entity.route,
    clientRoute: entity.clientRoute,
    listRoute: entity.listRoute,
    prefix: entity.prefix,
    titles: entity.labels.en,
    screens: entity.screens,
  };
  const data = JSON.stringify(summary).slice(0, -1);
  return `  ${data}, load: () => import('${origin.file}').then((m) => m.${origin.name}) },`;
});
const out = path.join(src, 'entity-index.ts');
fs.writeFileSync(
  out,
  `// Made from the declarations by scripts/write-entity-index.ts; entity-index.test.ts fails when it is out of date.
import type { KindEntry } from './lazy-registry.ts';

/** Every declared kind, in the registry's order: what routes and menus need, and its declaration's loader. */
export const kindIndex: KindEntry[] = [
${lines.join('\n')}
];
`,
);
const names = path.join(src, 'lists/type-list-names.ts');
const typeLists = Object.keys(codeTables).filter((name) => name.endsWith('Type'));
fs.writeFileSync(
  names,
  `// Made from the reference lists by scripts/write-entity-index.ts; entity-index.test.ts fails when it is out of date.

/**
 * The reference lists whose name ends in \`Type\` (code-tables.ts): a kind whose camel-case name
 * followed by \`Type\` is one of them takes its types from it (entity.ts). Names only, so that
 * declaring a kind does not load every list (the web reads their items from the server).
 */
export const typeListNames: ReadonlySet<string> = new Set(${JSON.stringify(typeLists)});
`,
);
execFileSync('npx', ['biome', 'format', '--write', out, names], { stdio: 'inherit' });
