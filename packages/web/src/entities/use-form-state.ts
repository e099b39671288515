import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../fields/form-field.ts';
import type { ValidationContext } from '../fields/validation.ts';
import { formErrors, getAt, setAt, type Values } from './form-values.ts';

/**
 * State of a form: values, touched paths and whether submit was tried. Errors are derived;
 * `validateAll` touches every field (an untouched empty mandatory field then says so) and
 * tells whether submit may go on.
 */
export function useFormState(fields: FormField[], initial: Values, context: Omit<ValidationContext, 'translate'>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [dirty, setDirty] = useState(false);

  const ctx = useMemo(
    () => ({ ...context, translate: (key: string, v: Record<string, unknown>) => t(key, v) }),
    [context, t],
  );
  const errors = useMemo(
    () => formErrors(fields, values, (path) => submitted || touched.has(path), ctx),
    [fields, values, touched, submitted, ctx],
  );

  const setValue = useCallback((path: string, value: unknown) => {
    setValues((current) => setAt(current, path, value));
    setTouched((current) => (current.has(path) ? current : new Set(current).add(path)));
    setDirty(true);
  }, []);
  const touch = useCallback(
    (path: string) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
    [],
  );

  /** Touches every field; true when nothing blocks the submit. */
  const validateAll = useCallback(() => {
    setSubmitted(true);
    return Object.keys(formErrors(fields, values, () => true, ctx));
  }, [fields, values, ctx]);

  const reset = useCallback((next: Values) => {
    setValues(next);
    setTouched(new Set());
    setSubmitted(false);
    setDirty(false);
  }, []);

  return {
    values,
    errors,
    dirty,
    setValue,
    touch,
    validateAll,
    reset,
    getValue: (path: string) => getAt(values, path),
  };
}
