import { useEffect, useState } from 'react';
import { Input, Slider } from 'antd';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { InputProps } from './form-context.ts';
import { numberInputText, parseCurrencyInput, parseNumberInput, parsePercentageInput } from './parse.ts';
import { formatNumber } from '../i18n/formats.ts';

/** A stored ratio as the percentage typed: 0.0525 → 5.25. */
const percentOf = (ratio: number) => Number((ratio * 100).toFixed(10));

/**
 * A stored value as text: while editing, plain (`1234,56` in fr-FR); otherwise amounts and
 * percentages as the locale writes them (`1 234,56`, `1,234.56` in en-US, `١٬٢٣٤٫٥٦` in ar-EG),
 * amounts with their currency's decimals. Plain numbers and integers stay ungrouped (a year, a
 * mileage or a count is not an amount: `2025`, not `2,025`). Percentages are shown ×100; NaN keeps
 * what was typed.
 */
function textOf(type: string, value: unknown, locale: string, editing: boolean, currency: string): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '';
  const shown = type === 'percentage' ? percentOf(value) : value;
  if (editing || (type !== 'currency' && type !== 'percentage')) return numberInputText(shown, locale);
  const decimals = type === 'currency' ? currencyDecimals(currency) : undefined;
  return formatNumber(shown, locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals ?? 10 });
}

const parserOf: Record<string, (text: string, locale: string) => number | undefined> = {
  percentage: parsePercentageInput,
  currency: parseCurrencyInput,
};

/**
 * number, integer, currency and percentage: typed as a user of the locale writes them (its decimal
 * symbol, groups and digits: `1 234,56` in fr-FR and `1,234.56` in en-US are the same amount),
 * stored as numbers read from the exact decimal typed (NaN when unparsable).
 */
export function NumberInput({ field, id, value, onChange, onBlur, disabled, invalid, locale }: InputProps) {
  const currency = field.currency ?? 'EUR';
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => textOf(field.type, value, locale, false, currency));
  useEffect(() => {
    if (!focused && !(typeof value === 'number' && Number.isNaN(value)))
      setText(textOf(field.type, value, locale, false, currency));
  }, [value, focused, field.type, locale, currency]);
  const parse = parserOf[field.type] ?? parseNumberInput;
  const suffix = field.type === 'percentage' ? '%' : field.type === 'currency' ? currency : undefined;
  return (
    <Input
      id={id}
      value={text}
      inputMode="decimal"
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      suffix={suffix}
      style={{ textAlign: 'end' }}
      onFocus={() => {
        setFocused(true);
        if (typeof value === 'number' && !Number.isNaN(value))
          setText(textOf(field.type, value, locale, true, currency));
      }}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parse(e.target.value, locale));
      }}
      onBlur={() => {
        setFocused(false);
        onBlur();
      }}
    />
  );
}

export function SliderInput({ field, id, value, onChange, onBlur, disabled }: InputProps) {
  return (
    <Slider
      id={id}
      min={field.min ?? 0}
      max={field.max ?? 100}
      value={typeof value === 'number' ? value : undefined}
      disabled={disabled}
      onChange={(v: number) => onChange(v)}
      onChangeComplete={onBlur}
    />
  );
}
