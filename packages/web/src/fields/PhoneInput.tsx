import { useEffect, useMemo, useState } from 'react';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InputProps } from './form-context.ts';
import { isInvalidInput } from './parse.ts';
import { phoneCountryOptions, phoneFieldParts, phoneInputValue } from './phone-value.ts';
import { intlLocale } from '../i18n/locale.ts';

/** Spec 000 §9: the phone country menu is 240px wide. */
const menuWidth = 240;

/** A country calling-code picker and the local number; the value is stored in E.164. */
export function PhoneInput({ id, value, onChange, onBlur, disabled, invalid, locale }: InputProps) {
  const { t } = useTranslation();
  const initial = useMemo(() => phoneFieldParts(isInvalidInput(value) ? undefined : value, locale), []);
  const [country, setCountry] = useState(initial.country);
  const [text, setText] = useState(isInvalidInput(value) ? value.invalidInput : initial.local);
  // A value set from outside (a reset, a record loaded) replaces what the field shows.
  useEffect(() => {
    if (isInvalidInput(value) || value === phoneInputValue(text, country)) return;
    const parts = phoneFieldParts(value, locale);
    setCountry(parts.country);
    setText(parts.local);
  }, [value]);
  const options = useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' });
    } catch {
      names = undefined;
    }
    return phoneCountryOptions(names);
  }, [locale]);
  const change = (nextText: string, nextCountry: string | undefined) => {
    const next = phoneInputValue(nextText, nextCountry);
    setText(nextText);
    // An international number typed in full names its own country.
    setCountry(
      typeof next === 'string' && /^\s*(\+|00)/.test(nextText) ? phoneFieldParts(next, locale).country : nextCountry,
    );
    onChange(next);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label={t('Country calling code')}
        data-testid="phone-country"
        value={country}
        options={options}
        disabled={disabled}
        showSearch={{ filterOption: (input, option) => Boolean(option?.search.includes(input.toLowerCase())) }}
        popupMatchSelectWidth={menuWidth}
        style={{ width: 110 }}
        status={invalid ? 'error' : undefined}
        onChange={(next: string) => change(text, next)}
        onBlur={onBlur}
      />
      <Input
        id={id}
        value={text}
        inputMode="tel"
        autoComplete="tel"
        disabled={disabled}
        status={invalid ? 'error' : undefined}
        onChange={(e) => change(e.target.value, country)}
        onBlur={onBlur}
      />
    </Space.Compact>
  );
}
