import { useEffect, useState } from 'react';
import { Input } from 'antd';

/** What a JSON input holds while its text does not parse: the form refuses to save it. */
export class InvalidJson {
  constructor(readonly text: string) {}
}

const shown = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

/** A JSON value of a form, edited as text; the form gets the parsed value, or `InvalidJson`. */
export function JsonInput({
  value,
  onChange,
  rows = 3,
  ...rest
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
  rows?: number;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const [text, setText] = useState(() => (value instanceof InvalidJson ? value.text : shown(value)));
  // A value set from outside (the section read again) replaces the text.
  useEffect(() => {
    if (value instanceof InvalidJson) return;
    setText((current) => {
      try {
        if (JSON.stringify(current.trim() ? JSON.parse(current) : undefined) === JSON.stringify(value)) return current;
      } catch {
        // The text did not parse: the new value replaces it.
      }
      return shown(value);
    });
  }, [value]);
  const change = (next: string) => {
    setText(next);
    if (!next.trim()) return onChange?.(undefined);
    try {
      onChange?.(JSON.parse(next));
    } catch {
      onChange?.(new InvalidJson(next));
    }
  };
  return (
    <Input.TextArea
      {...rest}
      value={text}
      rows={rows}
      spellCheck={false}
      style={{ fontFamily: 'monospace' }}
      onChange={(event) => change(event.target.value)}
    />
  );
}

/** The form rule of a JSON input. */
export const jsonRule = (message: string) => ({
  validator: (_: unknown, value: unknown) =>
    value instanceof InvalidJson ? Promise.reject(new Error(message)) : Promise.resolve(),
});
