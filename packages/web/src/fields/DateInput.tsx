import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import type { InputProps } from './form-context.ts';
import { isInvalidInput, parseDateInput, parseDateTimeInput } from './parse.ts';
import { dateFormatOf, dateTimeFormatOf, formatDate, formatDateTime } from '../i18n/formats.ts';

function textOf(type: string, value: unknown, locale: string): string {
  if (value === undefined || value === null) return '';
  if (isInvalidInput(value)) return value.invalidInput;
  return type === 'date' ? formatDate(value, locale) : formatDateTime(value, locale);
}

/**
 * date and datetime, typed in the locale's format or any accepted form (today, 20240315,
 * 2024-03-15, 15/03/2024); days are stored as YYYY-MM-DD, instants as dates.
 */
export function DateInput({ field, id, value, onChange, onBlur, disabled, invalid, locale }: InputProps) {
  const [text, setText] = useState(() => textOf(field.type, value, locale));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(textOf(field.type, value, locale));
  }, [value, focused, field.type, locale]);
  const parse = (s: string) => (field.type === 'date' ? parseDateInput(s, locale) : parseDateTimeInput(s, locale));
  return (
    <Input
      id={id}
      value={text}
      placeholder={field.type === 'date' ? dateFormatOf(locale) : dateTimeFormatOf(locale)}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      suffix={<CalendarOutlined style={{ opacity: 0.45 }} />}
      onFocus={() => setFocused(true)}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parse(e.target.value));
      }}
      onBlur={() => {
        setFocused(false);
        onBlur();
      }}
    />
  );
}
