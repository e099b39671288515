import { useRef } from 'react';
import { Input, type InputRef, Select } from 'antd';
import type { InputProps } from './form-context.ts';
import { caseOf, isEmail } from './validation.ts';
import { VirtualKeyboardButton } from './VirtualKeyboard.tsx';

const textOf = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
/** Empty text is stored as undefined, so that it counts as missing. */
const stored = (s: string) => (s === '' ? undefined : s);

/** text, password, email, username, iban and color. */
export function TextInput({ field, id, value, onChange, onBlur, disabled, invalid, locale }: InputProps) {
  const input = useRef<InputRef>(null);
  const change = (s: string) => onChange(stored(caseOf(field, s)));
  const common = {
    id,
    value: textOf(value),
    onBlur,
    disabled,
    status: invalid ? ('error' as const) : undefined,
    maxLength: undefined,
  };
  if (field.type === 'password')
    return <Input.Password {...common} autoComplete="new-password" onChange={(e) => change(e.target.value)} />;
  if (field.type === 'color')
    return <Input {...common} type="color" style={{ width: 64 }} onChange={(e) => change(e.target.value)} />;
  const iban = field.type === 'iban';
  // Words may be typed on the on-screen keyboard of the locale; identifiers and codes are Latin.
  const keyboard = field.type === 'text' && !disabled;
  return (
    <Input
      {...common}
      ref={input}
      suffix={
        keyboard ? (
          <VirtualKeyboardButton input={input} value={textOf(value)} onType={change} locale={locale} />
        ) : undefined
      }
      style={iban ? { fontFamily: 'monospace' } : undefined}
      onChange={(e) => change(iban ? e.target.value.toUpperCase() : e.target.value)}
    />
  );
}

/** textarea, markdown and rich text (edited as text). */
export function TextAreaInput({ field, id, value, onChange, onBlur, disabled, invalid }: InputProps) {
  return (
    <Input.TextArea
      id={id}
      value={textOf(value)}
      onBlur={onBlur}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      autoSize={{ minRows: field.type === 'textarea' ? 2 : 4, maxRows: 12 }}
      onChange={(e) => onChange(stored(caseOf(field, e.target.value)))}
    />
  );
}

/** Several emails; invalid items are dropped when leaving the field (spec 000 §5). */
export function EmailsInput({ id, value, onChange, onBlur, disabled, invalid }: InputProps) {
  const items = Array.isArray(value) ? value.map(String) : [];
  return (
    <Select
      id={id}
      mode="tags"
      value={items}
      open={false}
      tokenSeparators={[',', ';', ' ']}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      onChange={(next: string[]) => onChange(next.length ? next : undefined)}
      onBlur={() => {
        const valid = items.filter(isEmail);
        if (valid.length !== items.length) onChange(valid.length ? valid : undefined);
        onBlur();
      }}
    />
  );
}
