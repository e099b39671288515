import { createContext, useContext } from 'react';
import type { Entity } from '@lbo/model/entity';
import type { FormField } from '../fields/form-field.ts';
import type { Values } from '../entities/form-values.ts';

/** What the person editor's panels share: the form's values and errors, and the fields by name. */
export interface PersonForm {
  entity: Entity;
  values: Values;
  getValue(path: string): unknown;
  setValue(path: string, value: unknown): void;
  touch(path: string): void;
  /** Every message of the form, touched or not (modals check their own part before saving). */
  allErrors(values?: Values): Record<string, string>;
  /** Messages shown now (touched fields, or all once submit was tried). */
  errors: Record<string, string>;
  fields: Map<string, FormField>;
  readOnly: boolean;
  options: Record<string, unknown>;
}

export const PersonFormContext = createContext<PersonForm | null>(null);

export function usePersonForm(): PersonForm {
  const form = useContext(PersonFormContext);
  if (!form) throw new Error('A person panel is rendered outside the person editor');
  return form;
}

/** The item fields of a list field (contacts, addresses, bank accounts…). */
export const itemFields = (form: PersonForm, list: string): FormField[] => form.fields.get(list)?.fields ?? [];

/** Touches every field of every item of a list, so that their messages show. */
export function touchList(form: PersonForm, list: string, fields: FormField[] = itemFields(form, list)) {
  const items = form.getValue(list);
  if (!Array.isArray(items)) return;
  items.forEach((_, i) => fields.forEach((f) => form.touch(`${list}.${i}.${f.name}`)));
}
