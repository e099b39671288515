import { createContext, useContext, type ReactNode } from 'react';
import type { FormField } from './form-field.ts';

/** What a field component may ask of the form it is in. */
export interface FormApi {
  getValue(path: string): unknown;
  setValue(path: string, value: unknown): void;
  touch(path: string): void;
  errorOf(path: string): string | undefined;
  /** Renders a nested field (items of lists, fields of objects). */
  renderField(field: FormField, path: string): ReactNode;
  readOnly: boolean;
  debug: boolean;
  locale: string;
}

export const FormContext = createContext<FormApi | null>(null);

export function useFormApi(): FormApi {
  const api = useContext(FormContext);
  if (!api) throw new Error('A field is rendered outside a form');
  return api;
}

/** Props of every input component of the field registry. */
export interface InputProps {
  field: FormField;
  /** Dotted path of the value in the form (`addresses.0.city`). */
  path: string;
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  onBlur(): void;
  disabled: boolean;
  invalid: boolean;
  locale: string;
}
