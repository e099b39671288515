import type { FormField } from '../fields/form-field.ts';
import { fieldError, type ValidationContext } from '../fields/validation.ts';

/** Values of a form are plain documents; paths are dotted, with item indexes (`addresses.0.city`). */
export type Values = Record<string, unknown>;

export function getAt(values: unknown, path: string): unknown {
  let node = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `values` with `value` at `path`; missing levels are created (arrays for numeric keys). */
export function setAt<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const container: Record<string, unknown> | unknown[] = Array.isArray(values)
    ? [...values]
    : { ...(values as object) };
  const current = (container as Record<string, unknown>)[key];
  const next = rest.length === 0 ? value : setAt(current ?? (/^\d+$/.test(rest[0]) ? [] : {}), rest.join('.'), value);
  (container as Record<string, unknown>)[key] = next;
  return container as T;
}

/**
 * The messages of every field at every path (items of lists included): mandatory ones only
 * where touched, or everywhere once submit touched all.
 */
export function formErrors(
  fields: FormField[],
  values: unknown,
  isTouched: (path: string) => boolean,
  ctx: ValidationContext,
  prefix = '',
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.hidden || field.readOnly) continue;
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    const value = getAt(values, path);
    const message = fieldError(field, value, isTouched(path), ctx);
    if (message) errors[path] = message;
    if (field.type === 'list' && Array.isArray(value)) {
      value.forEach((_, i) =>
        Object.assign(errors, formErrors(field.fields ?? [], values, isTouched, ctx, `${path}.${i}`)),
      );
    }
    if (field.type === 'object' && value && typeof value === 'object')
      Object.assign(errors, formErrors(field.fields ?? [], values, isTouched, ctx, path));
  }
  return errors;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The top-level fields that changed, for PATCH; a cleared field is sent as null. */
export function changedFields(initial: Values, current: Values): Values {
  const changes: Values = {};
  for (const key of new Set([...Object.keys(initial), ...Object.keys(current)])) {
    if (key.startsWith('_') || key === 'status') continue;
    if (!same(initial[key], current[key])) changes[key] = current[key] === undefined ? null : current[key];
  }
  return changes;
}

/** A document to create: empty values and empty items left out. */
export function cleanDocument(values: Values): Values {
  const clean = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      const items = v.map(clean).filter((x) => x !== undefined);
      return items.length ? items : undefined;
    }
    if (v instanceof Date) return v;
    if (v && typeof v === 'object') {
      const entries = Object.entries(v)
        .map(([k, x]) => [k, clean(x)] as const)
        .filter(([, x]) => x !== undefined);
      return entries.length ? Object.fromEntries(entries) : undefined;
    }
    return v === null || v === '' ? undefined : v;
  };
  return (clean(values) as Values | undefined) ?? {};
}
