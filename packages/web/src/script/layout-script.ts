import type { ScriptLayout, ScriptLayoutCard } from '../app/web-module.ts';
import type { ScriptRun } from './script-runner.ts';

/**
 * Layout scripts (spec 000 §7, 002 §2, §8): a detail screen fetches its layout script by name,
 * runs its `execute(layout)` with the screen's default layout and shows the cards it answers,
 * `{ cards: [{ title, fields: ['name', …] }] }`.
 */
export const missingExecuteMessage = 'Layout script {name} does not have an execute() function';
export const invalidLayoutMessage = "Invalid object $ in 'layout' script";

/**
 * The layout scripts a generic detail screen asks for, by kind (spec 002 §8). A missing script is
 * a 404 the browser logs, so only names every tenant has are asked for: an asset's layout by type
 * is written in `asset-layout`, which is given the asset's type (`layout.type`).
 */
const layoutScriptsByKind: Record<string, string[]> = {
  Contract: ['contract-layout'],
  Asset: ['asset-layout'],
};

export const layoutScriptsOfKind = (kindName: string): string[] => layoutScriptsByKind[kindName] ?? [];

/** A field of a card: its name, written `'amount'` or `{ name: 'amount' }`. */
function fieldName(field: unknown): string | undefined {
  if (typeof field === 'string' && field) return field;
  const name = field && typeof field === 'object' ? (field as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name ? name : undefined;
}

function cardOf(card: unknown): ScriptLayoutCard | undefined {
  if (!card || typeof card !== 'object') return undefined;
  const { title, fields } = card as { title?: unknown; fields?: unknown };
  if (typeof title !== 'string' || !Array.isArray(fields)) return undefined;
  const names = fields.map(fieldName);
  return names.every((n) => n !== undefined) ? { title, fields: names as string[] } : undefined;
}

/** What the spec's message shows for `$`: the offending value, short. */
const shown = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 80);

/** A layout, or the spec's message (its English template, `{name}` values and the `$` shown). */
export type LayoutOutcome =
  | { layout: ScriptLayout }
  | { error: string; values?: Record<string, string>; shown?: string };

type Translate = (key: string, values?: Record<string, string>) => string;

/** The message of a refused layout in the user's language, `$` replaced after translation. */
export function layoutProblemText(outcome: Exclude<LayoutOutcome, { layout: ScriptLayout }>, translate: Translate) {
  const text = translate(outcome.error, outcome.values);
  return outcome.shown === undefined ? text : text.replace('$', outcome.shown);
}

/** The layout a run answered, or the spec's message saying why it cannot be used. */
export function layoutOfRun(run: ScriptRun, name: string): LayoutOutcome {
  if (run.error?.code === 'MISSING_EXECUTE') return { error: missingExecuteMessage, values: { name } };
  if (run.error)
    return { error: 'Layout script {name} failed: {message}', values: { name, message: run.error.message } };
  const answer = run.result;
  const cards = answer && typeof answer === 'object' ? (answer as { cards?: unknown }).cards : undefined;
  if (!Array.isArray(cards)) return { error: invalidLayoutMessage, shown: shown(answer) };
  const read = cards.map(cardOf);
  const bad = read.indexOf(undefined);
  if (bad >= 0) return { error: invalidLayoutMessage, shown: shown(cards[bad]) };
  return { layout: { ...(answer as object), cards: read as ScriptLayoutCard[] } };
}
