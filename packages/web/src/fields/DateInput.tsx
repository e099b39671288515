import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { InputProps } from './form-context.ts';
import { isInvalidInput, parseDateInput, parseDateTimeInput } from './parse.ts';
import { dateFormatOf, timeFormat } from '../i18n/formats.ts';
import { useDayjsLocale } from '../i18n/dayjs-locale.ts';

/**
 * The day formats the picker reads as they are typed, the locale's own first (it is the one
 * shown): the same order of day, month and year with any separator, with or without leading zeros,
 * and ISO. Other forms (today, 20240315, a day the calendar lacks) are read on leaving the field.
 */
export function typedDayFormats(locale: string): string[] {
  const shown = dateFormatOf(locale);
  const order = shown === 'MM-DD-YYYY' ? ['MM', 'DD', 'YYYY'] : ['DD', 'MM', 'YYYY'];
  const short = order.map((part) => (part === 'YYYY' ? part : part[0]));
  const variants = ['/', '-', '.'].flatMap((separator) => [order.join(separator), short.join(separator)]);
  return [...new Set([shown, ...variants, 'YYYY-MM-DD'])];
}

const stored = (type: string, date: Dayjs | null): unknown =>
  date ? (type === 'date' ? date.format('YYYY-MM-DD') : date.second(0).millisecond(0).toDate()) : undefined;

/** The minute of an instant stored as a date or an ISO string (the field shows minutes, not seconds). */
const minuteOf = (v: unknown) =>
  v instanceof Date || typeof v === 'string' ? Math.floor(new Date(v).getTime() / 60_000) : Number.NaN;

/** Two values of a date field alike: the same day or minute, the same unreadable text, or both empty. */
function sameDateValue(typed: unknown, value: unknown): boolean {
  if (typed instanceof Date) return minuteOf(typed) === minuteOf(value);
  if (isInvalidInput(typed)) return isInvalidInput(value) && typed.invalidInput === value.invalidInput;
  return typed === value || (typed === undefined && (value === undefined || value === null));
}

/**
 * date and datetime: antd's DatePicker in the locale's format, its calendar in the locale's month
 * names and first day of the week; typed in the locale's order or any accepted form (today,
 * 20240315, 2024-03-15). Days are stored as YYYY-MM-DD, instants as dates; what cannot be read
 * stays typed and the field says "Invalid date".
 */
export function DateInput({ field, id, value, onChange, onBlur, disabled, invalid, locale }: InputProps) {
  const dayjsLocale = useDayjsLocale(locale);
  const withTime = field.type === 'datetime';
  const formats = withTime
    ? typedDayFormats(locale).map((format) => `${format} - ${timeFormat}`)
    : typedDayFormats(locale);
  const picked = value === undefined || value === null || isInvalidInput(value) ? null : dayjs(value as string | Date);
  const parse = (text: string) => (withTime ? parseDateTimeInput(text, locale) : parseDateInput(text, locale));
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={picked?.isValid() ? picked : null}
      format={formats}
      placeholder={formats[0]}
      showTime={withTime ? { format: timeFormat } : undefined}
      locale={dayjsLocale ? ({ lang: { locale: dayjsLocale } } as DatePickerProps['locale']) : undefined}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      preserveInvalidOnBlur
      onChange={(date) => onChange(stored(field.type, date))}
      onBlur={(event) => {
        // The text as typed decides: keywords, compact stamps and days the calendar lacks included.
        const typed = parse((event.target as HTMLInputElement).value);
        if (!sameDateValue(typed, value)) onChange(typed);
        onBlur();
      }}
    />
  );
}
