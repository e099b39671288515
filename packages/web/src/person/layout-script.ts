/**
 * Extra cards of the person editor from the tenant's `person-layout` script (spec 002 §2).
 * The script's answer is read as data, never run in the browser: a `layout` object, or a
 * `code` text holding JSON, of the shape `{ cards: [{ title, fields: [name, …] }] }`.
 */
export interface LayoutCard {
  title: string;
  fields: string[];
}

export type LayoutResult = { cards: LayoutCard[] } | { error: string };

export const invalidLayout = "Invalid object $ in 'layout' script";

export function layoutCardsOf(script: unknown): LayoutResult {
  if (!script || typeof script !== 'object') return { cards: [] };
  const record = script as { layout?: unknown; code?: unknown };
  let layout = record.layout;
  if (layout === undefined && typeof record.code === 'string') {
    try {
      layout = JSON.parse(record.code);
    } catch {
      return { error: invalidLayout.replace('$', 'code') };
    }
  }
  if (layout === undefined) return { cards: [] };
  const cards = (layout as { cards?: unknown })?.cards;
  if (!Array.isArray(cards)) return { error: invalidLayout.replace('$', 'cards') };
  const valid = cards.every(
    (c) =>
      c &&
      typeof c === 'object' &&
      typeof (c as LayoutCard).title === 'string' &&
      Array.isArray((c as LayoutCard).fields) &&
      (c as LayoutCard).fields.every((f) => typeof f === 'string'),
  );
  return valid
    ? { cards: cards as LayoutCard[] }
    : { error: invalidLayout.replace('$', JSON.stringify(cards).slice(0, 80)) };
}
