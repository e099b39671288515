import { useEffect, useState } from 'react';
import { Input, Slider } from 'antd';
import type { InputProps } from './form-context.ts';
import { numberInputText, parseCurrencyInput, parseNumberInput, parsePercentageInput } from './parse.ts';

/** A stored value as typed text: percentages are shown ×100, NaN keeps what was typed. */
function textOf(type: string, value: unknown, locale: string): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '';
  if (type === 'percentage') return numberInputText(Number((value * 100).toFixed(10)), locale);
  return numberInputText(value, locale);
}

const parserOf: Record<string, (text: string, locale: string) => number | undefined> = {
  percentage: parsePercentageInput,
  currency: parseCurrencyInput,
};

/** number, integer, currency and percentage: typed as text, stored as numbers (NaN when unparsable). */
export function NumberInput({ field, id, value, onChange, onBlur, disabled, invalid, locale }: InputProps) {
  const [text, setText] = useState(() => textOf(field.type, value, locale));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused && !(typeof value === 'number' && Number.isNaN(value))) setText(textOf(field.type, value, locale));
  }, [value, focused, field.type, locale]);
  const parse = parserOf[field.type] ?? parseNumberInput;
  const suffix = field.type === 'percentage' ? '%' : field.type === 'currency' ? (field.currency ?? 'EUR') : undefined;
  return (
    <Input
      id={id}
      value={text}
      inputMode="decimal"
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      suffix={suffix}
      style={{ textAlign: 'right' }}
      onFocus={() => setFocused(true)}
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
