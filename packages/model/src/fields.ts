/**
 * Field types of entity declarations. Every concern that depends on a field's type
 * (validation, SQL mapping, filter operators, display, input) keys a Record on `FieldType`,
 * so the compiler lists every place a new type must be handled.
 */
export const fieldTypes = [
  'text',
  'textarea',
  /** Markdown text (spec 000 §3 form type `markdown`): long text, shown rendered. */
  'markdown',
  'email',
  'phone',
  'iban',
  'username',
  'color',
  'number',
  'integer',
  'percentage',
  'currency',
  'date',
  'datetime',
  'boolean',
  'select',
  'link',
  'list',
  'object',
  'json',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** One field of an entity declaration. */
export interface FieldDef {
  type: FieldType;
  /** Must be present and non-empty on create. */
  mandatory?: boolean;
  /** Reference list name for `select` (values come from `GET /api/script/lists`). */
  list?: string;
  /** A `select` holding several values (an array). */
  multiple?: boolean;
  /** Entity kind a `link` points to (by registration). */
  entity?: string;
  /** Item fields of a `list` of objects, or the fields of an `object`. */
  fields?: Record<string, FieldDef>;
  /** Bounds: numeric value, or trimmed length for text-like fields. */
  min?: number;
  max?: number;
  /** Display label when it is not derived from the name. */
  label?: string;
  /** Kept out of list columns and forms by default. */
  hidden?: boolean;
  /** Written by the server only (computed fields, audit). */
  readOnly?: boolean;
}

/** Field declarations by name: a kind's fields, a list's item fields, an object's fields. */
export type Fields = Record<string, FieldDef>;

type Opts = Omit<FieldDef, 'type'>;
/** A field constructor called without options. */
type NoOptions = Record<never, never>;

/**
 * A declared field as its constructor wrote it: its type and options kept at the type level
 * (`text({ mandatory: true })` is `{ type: 'text' } & { mandatory: true }`), so that a kind's
 * record type is derived from its declaration (record-types.ts `RecordOf`). Still a FieldDef.
 */
export type Field<T extends FieldType, O = unknown> = { type: T } & O;
// The constructors' options are read from their argument only (`NoInfer`): without one, the
// options would be inferred from where the field is used (a FieldDef), losing its type.

const make =
  <T extends FieldType>(type: T) =>
  <const O extends Opts = NoOptions>(opts: O = {} as O): Field<T, NoInfer<O>> => ({ type, ...opts });

export const text = make('text');
export const textarea = make('textarea');
export const markdown = make('markdown');
export const email = make('email');
export const phone = make('phone');
export const iban = make('iban');
export const username = make('username');
export const number = make('number');
export const integer = make('integer');
export const percentage = make('percentage');
export const currency = make('currency');
export const date = make('date');
export const datetime = make('datetime');
export const boolean = make('boolean');
export const json = make('json');
export const color = make('color');
export const select = <const O extends Opts = NoOptions>(
  list: string,
  opts: O = {} as O,
): Field<'select', { list: string } & NoInfer<O>> => ({
  type: 'select',
  list,
  ...opts,
});
export const multiSelect = <const O extends Opts = NoOptions>(
  list: string,
  opts: O = {} as O,
): Field<'select', { list: string; multiple: true } & NoInfer<O>> => ({
  type: 'select',
  list,
  multiple: true,
  ...opts,
});
/** The registration of a record of another entity kind. */
export const link = <const O extends Opts = NoOptions>(
  entity: string,
  opts: O = {} as O,
): Field<'link', { entity: string } & NoInfer<O>> => ({
  type: 'link',
  entity,
  ...opts,
});
export const list = <const F extends Fields, const O extends Opts = NoOptions>(
  fields: F,
  opts: O = {} as O,
): Field<'list', { fields: F } & NoInfer<O>> => ({
  type: 'list',
  fields,
  ...opts,
});
export const object = <const F extends Fields, const O extends Opts = NoOptions>(
  fields: F,
  opts: O = {} as O,
): Field<'object', { fields: F } & NoInfer<O>> => ({
  type: 'object',
  fields,
  ...opts,
});

/** `persons[]`: the parties of a record, each with a role from `personRole`. */
export const persons = <const O extends Opts = NoOptions>(opts: O = {} as O) =>
  list(
    {
      role: select('personRole', { mandatory: true }),
      personRegistration: link('Person', { mandatory: true }),
      name: text(),
    },
    opts,
  );
