/**
 * A conflict: a change made offline on version n of a record that the server meanwhile moved to
 * version n+k (the replay's `If-Match` answered 412). The person sees, field by field, what the
 * server holds (theirs) beside what they changed (mine), and chooses per field; the choice is sent
 * as a new change on the server's version.
 */

export type Side = 'mine' | 'theirs';

export interface ConflictField {
  field: string;
  /** The value when the change was made. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** True when the server changed this field too, to something else than mine: a choice is needed. */
  clash: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of my change, each with the server's value and whether the two clash. */
export function conflictFields(
  base: Record<string, unknown> | undefined,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): ConflictField[] {
  return Object.keys(mine)
    .filter((field) => !field.startsWith('_'))
    .map((field) => {
      const baseValue = base?.[field];
      const clash = !same(theirs[field], mine[field]) && (base === undefined || !same(theirs[field], baseValue));
      return { field, base: baseValue, mine: mine[field], theirs: theirs[field], clash };
    });
}

/** By default mine where the server did not touch the field, else theirs is kept until I choose. */
export const defaultChoices = (fields: ConflictField[]): Record<string, Side> =>
  Object.fromEntries(fields.map((f) => [f.field, f.clash ? 'theirs' : 'mine']));

/** The change to send on the server's version: the fields where I chose mine (and that differ from theirs). */
export function mergedChange(fields: ConflictField[], choices: Record<string, Side>): Record<string, unknown> {
  return Object.fromEntries(
    fields
      .filter((f) => (choices[f.field] ?? 'mine') === 'mine' && !same(f.mine, f.theirs))
      .map((f) => [f.field, f.mine]),
  );
}
