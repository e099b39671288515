import type { ScriptType } from './script-api.ts';

/** The code a new script starts with: an `execute` of the shape its type is run with (docs/scripts.md). */
const starters: Record<ScriptType, string> = {
  LAYOUT: `// Runs in the browser: receives the screen's default layout and answers the cards to show.
function execute(layout) {
  // layout.cards.push({ title: 'Risk', fields: ['riskLevel', 'score'] });
  return layout;
}
`,
  FORMAT_CHECK: `// Runs before a write (and in the form): answers { valid: true } or { valid: false, field, message }.
function execute(context) {
  return { valid: true };
}
`,
  RUN: `// GET|POST /api/script/runs/{name}: context = { query, body, user }; lbo.list/get/create/update read and write.
function execute(context) {
  console.log('called by', context.user.username);
  return { ok: true };
}
`,
  CRON: `// Run by a cron entry as the tenant's system user.
function execute(context) {
  console.log('cron run');
  return null;
}
`,
};

export const starterCode = (type: ScriptType | undefined) => starters[type ?? 'RUN'];
