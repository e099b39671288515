import { useCallback, useState } from 'react';
import { notify } from '../app/notify.tsx';
import { useShortcut } from '../app/shortcuts.ts';
import type { Values } from './form-values.ts';

interface SubmittableForm {
  values: Values;
  /** Touches every field and answers the paths in error. */
  validateAll(): string[];
  reset(values: Values): void;
}

/**
 * Saving a detail form, on its button and on CTRL+S: every field is checked (and `moreErrors`,
 * the paths of rules across fields), the first field in error is scrolled to and the save is
 * blocked with a warning; otherwise `onSubmit` runs once at a time and the form starts again
 * from what was saved. A failed save keeps what was typed (the client has shown the error).
 */
export function useFormSubmit(
  form: SubmittableForm,
  {
    readOnly,
    initial,
    onSubmit,
    moreErrors,
  }: {
    readOnly?: boolean;
    initial: Values;
    onSubmit(values: Values, initial: Values): Promise<void>;
    moreErrors?: (values: Values) => string[];
  },
) {
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const submit = useCallback(async () => {
    if (readOnly || saving) return;
    setSubmitted(true);
    const blocking = [...form.validateAll(), ...(moreErrors?.(form.values) ?? [])];
    if (blocking.length) {
      document.querySelector(`[data-field="${blocking[0]}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      notify({ level: 'warning', message: 'Invalid data' });
      return;
    }
    setSaving(true);
    try {
      await onSubmit(form.values, initial);
      form.reset(form.values);
    } catch {
      // The client has shown the error; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  }, [readOnly, saving, form, onSubmit, initial, moreErrors]);
  useShortcut('ctrl+s', () => void submit());
  return { submit, saving, submitted };
}
