// Figures of the server's import structure, drawn from the code's own imports (dependency-cruiser):
// arrows between top-level folders, folders caught in circles, arrows inside those circles,
// files of each folder imported from other folders, and a few counts of untyped code.
// Run: node scripts/import-figures.mjs [packages/server/src]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.argv[2] ?? 'packages/server/src';
const json = JSON.parse(
  execFileSync(
    'npx',
    ['depcruise', root, '--no-config', '--exclude', '\\.test\\.ts$|/testing/', '--output-type', 'json'],
    { maxBuffer: 1 << 28 },
  ).toString(),
);
const folderOf = (file) => {
  if (!file.startsWith(root + '/')) return undefined;
  const rest = file.slice(root.length + 1).split('/');
  return rest.length > 1 ? rest[0] : '(root)';
};
const arrows = new Map();
const importedFromOutside = new Map();
for (const module of json.modules) {
  const from = folderOf(module.source);
  if (!from || from === '(root)') continue;
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (!to || to === from || to === '(root)') continue;
    arrows.set(`${from}>${to}`, (arrows.get(`${from}>${to}`) ?? 0) + 1);
    if (!importedFromOutside.has(to)) importedFromOutside.set(to, new Set());
    importedFromOutside.get(to).add(dependency.resolved);
  }
}
const folders = [...new Set([...arrows.keys()].flatMap((a) => a.split('>')))].sort();
const next = new Map(folders.map((f) => [f, []]));
for (const arrow of arrows.keys()) {
  const [a, b] = arrow.split('>');
  next.get(a).push(b);
}
// Tarjan's strongly connected components: folders that reach each other form a circle.
let index = 0;
const stack = [];
const info = new Map();
const components = [];
function visit(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of next.get(v)) {
    if (!info.has(w)) {
      visit(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    components.push(component);
  }
}
for (const f of folders) if (!info.has(f)) visit(f);
const circles = components.filter((c) => c.length > 1);
const componentOf = new Map(components.flatMap((c, i) => c.map((f) => [f, i])));
const inCircle = [...arrows.keys()].filter((a) => {
  const [x, y] = a.split('>');
  return componentOf.get(x) === componentOf.get(y);
});
const grep = (pattern) => {
  let n = 0;
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
        n += (fs.readFileSync(p, 'utf8').match(pattern) ?? []).length;
    }
  };
  walk(root);
  return n;
};
console.log(
  `folders ${folders.length}, arrows between folders ${arrows.size}, arrows inside circles ${inCircle.length}, circles ${circles.length}`,
);
for (const c of circles) console.log(`  circle: ${c.sort().join(' ')}`);
console.log('files of each folder imported from another folder:');
for (const [folder, files] of [...importedFromOutside].sort()) {
  const total = fs
    .readdirSync(path.join(root, folder), { recursive: true })
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f)).length;
  console.log(`  ${folder}: ${files.size} of ${total}`);
}
console.log(`Doc uses ${grep(/\bDoc\b/g)}, request casts ${grep(/request\.\w+ as /g)}`);
